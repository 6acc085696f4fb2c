"""The web table: a PyScript DOM layer over the engine (runs only in the browser)."""
