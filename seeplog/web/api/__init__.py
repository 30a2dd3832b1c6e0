"""The API's shared parts: the OpenAPI schemas, the error envelope and the JSON body's bounds."""
