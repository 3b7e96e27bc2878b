import { sign } from 'hono/jwt';
const now = Math.floor(Date.now() / 1000);
const token = await sign({ aud: 'xQlVjbiaShwVaOVsCeD9', sub: '1', domain: 'acme', context: { project_id: 1, organization_id: 1 }, iat: now, exp: now + 900 }, 'RgL2QJPdb4kZ6sPaNbGHcMV3KwAuoVHnn7Y4eTYN', 'HS256');
const res = await fetch('http://127.0.0.1:8898/step/settings', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ organizationId: 1, projectId: 1, workflowId: 1, stepId: 101, settings: { rules: [{ query: 'count of labels where (title = "legal") > 0', output: 'true' }, { query: 'count of comments where (has unresolved issue) > 0', output: 'true' }], default: 'false' } }) });
console.log(res.status, await res.text());
