from paperwise.cli import main

main()
