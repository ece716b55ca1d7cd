"""The paperwise command-line entry point."""
