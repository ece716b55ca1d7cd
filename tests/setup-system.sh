#!/bin/sh
# The system packages the tests need, on Debian: Chromium for the browser tests (Playwright
# drives it through executable_path; never `playwright install`, which downloads a browser) and
# a CJK font, so screenshots of Chinese answers show characters, not boxes.
# `make test` runs this first. When all is there it does nothing; as root it installs what is
# missing (after one quiet `apt-get update`); otherwise it stops at once with one line naming
# what is missing and the command that installs it.
set -eu

has_cjk_font() {
  if command -v fc-list >/dev/null 2>&1; then
    fc-list ':lang=zh' family | grep -q .
  else
    dpkg-query -W -f='${db:Status-Status}' fonts-noto-cjk 2>/dev/null | grep -qx installed
  fi
}

missing=""
command -v chromium >/dev/null 2>&1 || missing="chromium"
has_cjk_font || missing="${missing:+$missing }fonts-noto-cjk"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need $missing (missing); install with: sudo apt-get install -y $missing" >&2
  exit 1
fi
echo "Installing what the tests need: $missing" >&2
wait_lock="-o DPkg::Lock::Timeout=600"  # another apt-get may be running: wait, do not fail
apt-get $wait_lock update -qq
DEBIAN_FRONTEND=noninteractive apt-get $wait_lock install -y -qq $missing >/dev/null
