"""The API link opens a readable reference (Swagger UI 5 from the flask-swagger-ui package, no CDN)."""
import re


def test_the_api_link_opens_the_reference_page(client):
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<a href="/api/docs">API</a>', home)
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert 'data-spec="/api/openapi.json"' in html
    sources = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/") for s in sources), sources  # nothing from another host
    assert not re.search(r"<script>(?!</script>)|<script(?![^>]*src)[^>]*>|\son[a-z]+=", html)  # no inline script


def test_the_reference_assets_come_from_the_package(client):
    for name, kind in (("swagger-ui.css", "text/css"), ("swagger-ui-bundle.js", "text/javascript")):
        with client.get(f"/api/docs/assets/{name}") as response:
            assert response.status_code == 200 and response.mimetype == kind
            assert len(response.get_data()) > 10_000
    with client.get("/assets/api-docs.js") as response:
        assert "SwaggerUIBundle" in response.get_data(as_text=True)
    assert client.get("/api/docs/assets/index.html").status_code == 404
    assert client.get("/api/docs/assets/..%2Fapp.py").status_code == 404
