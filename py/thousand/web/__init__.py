"""The web table: a MicroPython DOM layer over the engine (runs only in the browser)."""
