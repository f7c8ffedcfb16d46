"""Flask blueprints: the JSON API and the HTML pages."""
