import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/app-config';
import { toCliError } from './cli-error';
import type { OperatorCommands } from './operator-commands';
import { DEFAULT_SERVICE_URL, ServiceClient } from './service-client';
import { templateList, templatePreview, templatePush } from './template-commands';

const USAGE = `pdfgen: operate the PDF service from the command line (uses DATA_DIR / DATABASE_URL like the server)

  pdfgen workspace create --name Acme [--plan free|pro|business] [--limit N]
  pdfgen workspace list
  pdfgen workspace show <workspaceId>
  pdfgen workspace update <workspaceId> [--name X] [--plan P] [--limit N|plan] [--templates a,b]
  pdfgen workspace suspend <workspaceId>
  pdfgen workspace resume <workspaceId>
  pdfgen key create <workspaceId> [--name X] [--mode live|test]
  pdfgen key list <workspaceId>
  pdfgen key revoke <workspaceId> <keyId>
  pdfgen members add <workspaceId> <email> [--role owner|member]   (prints the invite URL, valid 7 days)
  pdfgen members list <workspaceId>
  pdfgen members role <workspaceId> <userId> --role owner|member
  pdfgen members remove <workspaceId> <userId>
  pdfgen members reset-link <workspaceId> <userId>   (prints a single-use password reset URL, valid 1 hour)
  pdfgen webhook-secret rotate <workspaceId>
  pdfgen signing-cert create --name "Signer" [--days 365] [-o signing.p12]   (self-signed, for tests and trials; no database needed)
  pdfgen signing-cert set <workspaceId> <file.p12>   (password in PDFGEN_P12_PASSWORD, or --password)
  pdfgen signing-cert show <workspaceId>
  pdfgen signing-cert remove <workspaceId>
  pdfgen usage [<workspaceId>]
  pdfgen render <templateId> <data.json> -o out.pdf [--options options.json]   (no server or database needed)

Custom templates, against a running service (--url or PDFGEN_URL, default ${DEFAULT_SERVICE_URL}; --key or PDFGEN_API_KEY):
  pdfgen template push <template.json> [--id ID]
  pdfgen template list
  pdfgen template preview <template.json | templateId> [--data data.json] [--out file.pdf]
`;

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      mode: { type: 'string' },
      role: { type: 'string' },
      plan: { type: 'string' },
      limit: { type: 'string' },
      templates: { type: 'string' },
      output: { type: 'string', short: 'o' },
      options: { type: 'string' },
      id: { type: 'string' },
      url: { type: 'string' },
      key: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      days: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...args] = positionals;
  if (values.help || !group) return USAGE;

  if (group === 'render') {
    const [templateId, dataFile] = [action, args[0]];
    if (!templateId || !dataFile || !values.output) throw new UsageError('render needs <templateId> <data.json> -o out.pdf');
    // Loaded when used (as are the database's modules below): `template` commands start in a third of the time.
    const { renderCommand } = await import('./render-command');
    return renderCommand(templateId, dataFile, values.output, values.options);
  }

  if (group === 'signing-cert' && action === 'create') {
    const { signingCertCreate } = await import('./signing-cert-commands');
    return signingCertCreate(values);
  }

  if (group === 'template') {
    const client = new ServiceClient(values.url ?? process.env.PDFGEN_URL ?? DEFAULT_SERVICE_URL, values.key ?? process.env.PDFGEN_API_KEY);
    return templateCommand(client, action, args, values);
  }

  const config = loadConfig({ ...process.env, BOOTSTRAP: 'false' });
  const [{ NestFactory }, { CliModule }, { JsonLogger }, { OperatorCommands }] = await Promise.all([
    import('@nestjs/core'),
    import('./cli.module'),
    import('../common/logging/json-logger'),
    import('./operator-commands'),
  ]);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: new JsonLogger('error') });
  try {
    const out = await dispatch(new OperatorCommands(app), group, action, args, values);
    return typeof out === 'string' ? out : JSON.stringify(out, null, 2);
  } finally {
    await app.close();
  }
}

async function dispatch(cmd: OperatorCommands, group: string, action: string | undefined, args: string[], flags: Record<string, string | boolean | undefined>): Promise<unknown> {
  const need = (count: number, shape: string) => {
    if (args.length < count) throw new UsageError(`${group} ${action} needs ${shape}`);
  };
  switch (`${group} ${action ?? ''}`.trim()) {
    case 'workspace create':
      return cmd.workspaceCreate(flags);
    case 'workspace list':
      return cmd.workspaceList();
    case 'workspace show':
      need(1, '<workspaceId>');
      return cmd.workspaceShow(args[0]);
    case 'workspace update':
      need(1, '<workspaceId>');
      return cmd.workspaceUpdate(args[0], flags);
    case 'workspace suspend':
    case 'workspace resume':
      need(1, '<workspaceId>');
      return cmd.setSuspended(args[0], action === 'suspend');
    case 'key create':
      need(1, '<workspaceId>');
      return cmd.keyCreate(args[0], flags);
    case 'key list':
      need(1, '<workspaceId>');
      return cmd.keyList(args[0]);
    case 'key revoke':
      need(2, '<workspaceId> <keyId>');
      return cmd.keyRevoke(args[0], args[1]);
    case 'members add':
      need(2, '<workspaceId> <email>');
      return cmd.memberAdd(args[0], args[1], flags);
    case 'members list':
      need(1, '<workspaceId>');
      return cmd.memberList(args[0]);
    case 'members role':
      need(2, '<workspaceId> <userId>');
      return cmd.memberRole(args[0], args[1], flags);
    case 'members remove':
      need(2, '<workspaceId> <userId>');
      return cmd.memberRemove(args[0], args[1]);
    case 'members reset-link':
      need(2, '<workspaceId> <userId>');
      return cmd.memberResetLink(args[0], args[1]);
    case 'signing-cert set':
      need(2, '<workspaceId> <file.p12>');
      return cmd.signingCertSet(args[0], args[1], flags);
    case 'signing-cert show':
      need(1, '<workspaceId>');
      return cmd.signingCertShow(args[0]);
    case 'signing-cert remove':
      need(1, '<workspaceId>');
      return cmd.signingCertRemove(args[0]);
    case 'webhook-secret rotate':
      need(1, '<workspaceId>');
      return cmd.rotateWebhookSecret(args[0]);
    default:
      if (group === 'usage') return cmd.usageReport(action);
      throw new UsageError(`unknown command: ${[group, action].filter(Boolean).join(' ')}`);
  }
}

/** Template commands talk to a running service over HTTP: no configuration or database of their own. */
function templateCommand(client: ServiceClient, action: string | undefined, args: string[], flags: { id?: string; data?: string; out?: string }): Promise<string> {
  switch (action) {
    case 'push':
      if (!args[0]) throw new UsageError('template push needs <template.json>');
      return templatePush(client, args[0], flags.id);
    case 'list':
      return templateList(client);
    case 'preview':
      if (!args[0]) throw new UsageError('template preview needs <template.json | templateId>');
      return templatePreview(client, args[0], flags.data, flags.out);
    default:
      throw new UsageError(`unknown command: ${['template', action].filter(Boolean).join(' ')}`);
  }
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (out) => {
    process.stdout.write(out.endsWith('\n') ? out : out + '\n');
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`pdfgen: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    const known = toCliError(error);
    if (known) {
      process.stderr.write(`pdfgen: ${known.message}\n${known.details.map((d) => `  - ${d}\n`).join('')}`);
      process.exit(1);
    }
    process.stderr.write(`pdfgen: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
