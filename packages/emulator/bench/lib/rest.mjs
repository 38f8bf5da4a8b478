// The few REST calls the benches make, as the owner (rules bypassed), on keep-alive connections.

export function restClient(baseUrl, projectId) {
  const database = `projects/${projectId}/databases/(default)`;
  const documents = `${database}/documents`;
  async function post(path, body) {
    const response = await fetch(`${baseUrl}/v1/${path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
  return {
    database,
    documents,
    /** One commit of `{ update: { name, fields } }` writes; `docs` maps a relative path to fields. */
    commit: (docs) =>
      post(`${documents}:commit`, {
        writes: docs.map(([path, fields]) => ({
          update: { name: `${documents}/${path}`, fields },
        })),
      }),
  };
}
