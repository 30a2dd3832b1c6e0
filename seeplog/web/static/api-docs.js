// The API reference: Swagger UI (served from the swagger-ui-bundle package) over /api/openapi.json.
window.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("api-reference");
  window.SwaggerUIBundle({
    url: root.getAttribute("data-spec"),
    domNode: root,
    deepLinking: false,  // its links sit inside each operation's button: a control within a control (axe: nested-interactive)
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false
  });
});
