"""The web panel: a Flask app factory served by waitress."""
