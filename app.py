"""seeplog's web service from a checkout: `flask --app app run` serves it at http://127.0.0.1:5000/ (one
person, a laptop); `gunicorn 'app:create_app()'` serves it in production (gunicorn.conf.py at the root
configures it). The app itself is made in the package, `seeplog.web.factory`, so that an installed
`seeplog[web]` serves the same with `flask --app seeplog.web.factory run`."""
from seeplog.web.factory import create_app

__all__ = ["create_app"]
