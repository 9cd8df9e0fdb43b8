"""The scripting subcommands of the ``ginrummy`` CLI, one module each (see ``ginrummy.cli``)."""
