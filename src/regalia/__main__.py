"""``python -m regalia ...`` runs the command line (same as the ``regalia`` script)."""

from regalia.cli.app import main

if __name__ == "__main__":
    main()
