// A small app on the official framework (@crowdin/app-project-module), for the interop test
// (framework.test.ts): a workflow step and the webhook for its strings, pointed at the emulator by
// configuration only (crowdinUrls). Each string that reaches the step is PATCHed to the step's first output
// through the framework's API client; settings saves are echoed on stdout. A file post-import and a file
// pre-export module mark each string's context and say on stdout that their handler ran, with which job. A
// project menu serves the page in INTEROP_CONFIG.uiDir. Run with Node 22, with
// FRAMEWORK_DIR (where the framework is installed) and INTEROP_CONFIG (JSON: clientId, clientSecret,
// accountUrl, apiDomain, dbFolder) in the environment. Prints {"ready": port} when it listens.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';

const require = createRequire(join(process.env.FRAMEWORK_DIR, 'package.json'));
const { express, addCrowdinEndpoints } = require('@crowdin/app-project-module');
const config = JSON.parse(process.env.INTEROP_CONFIG);

const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const STEP_EVENT = 'string.status_on_step.recalculation_triggered';

// The framework's express listens on every interface; the test app listens on loopback only.
const app = express();
const server = createServer(app).listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  addCrowdinEndpoints(app, {
    name: 'Interop Step',
    identifier: 'interop-step',
    description: 'The interop test of the CroQL emulator',
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    dbFolder: config.dbFolder,
    authenticationType: 'crowdin_agent',
    agent: { username: 'interop-agent', name: 'Interop' },
    scopes: ['project'],
    crowdinUrls: { accountUrl: config.accountUrl, apiDomain: config.apiDomain },
    disableLogsFormatter: true,
    webhooks: [
      {
        key: 'interop-hook',
        events: [STEP_EVENT],
        callback: async ({ events, client }) => {
          for (const { event, stringStatus: s } of events) {
            if (event !== STEP_EVENT) continue;
            const projectId = s.translation.project.id;
            await client.workflowsApi.updateWorkflowStepStringStatus(
              projectId,
              s.workflowStep.id,
              s.affectedLanguage.id,
              [{ op: 'replace', path: `/${s.translation.id}/output`, value: 'translated' }],
            );
            say({ patched: s.translation.id, languageId: s.affectedLanguage.id });
          }
        },
      },
    ],
    filePostImport: [
      {
        // The framework names the module: {identifier}-poi.
        fileProcess: async ({ request, content }) => {
          say({ fileProcess: request.jobType, strings: content.length });
          return { strings: content.map((s) => ({ ...s, context: 'post-import by the framework' })) };
        },
      },
    ],
    filePreExport: [
      {
        // {identifier}-pre
        fileProcess: async ({ request, content }) => {
          say({ fileProcess: request.jobType, strings: content.length });
          return { strings: content.map((s) => ({ ...s, context: 'pre-export by the framework' })) };
        },
      },
    ],
    // A project menu: the framework serves uiDir's index.html only after its own JWT check (ui-module.js).
    projectMenu: [{ name: 'Interop Menu', uiPath: config.uiDir }],
    workflowStepType: [
      {
        key: 'interop-step',
        name: 'Interop',
        description: 'Routes every string to Translated',
        boundaries: {
          input: { title: 'Input', ports: ['all'] },
          outputs: [{ title: 'Translated', port: 'translated' }],
        },
        onStepSettingsSave: async ({ settings, stepId, projectId }) => {
          say({ settings, stepId, projectId });
        },
        onDeleteStep: async ({ stepId }) => {
          say({ deleted: stepId });
        },
      },
    ],
  });
  say({ ready: port });
});
