import { ApiError } from '../../common/errors/api-error';
import { CustomTemplateCatalog } from './custom-template-catalog';
import type { CustomTemplateStore, CustomTemplateVersion } from './store/custom-template.store';
import { DefinitionChecker } from './checks/definition-checker';

const checker = new DefinitionChecker();
afterAll(() => checker.onModuleDestroy());

const version = (uid: string, v: string, extra: Partial<CustomTemplateVersion['definition']> = {}): CustomTemplateVersion => ({
  uid,
  templateId: 'greeting',
  version: v,
  createdAt: new Date(),
  name: `Greeting ${v}`,
  description: '',
  category: 'custom',
  definition: { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, layout: { body: [] }, ...extra },
});

/** A store of one template in workspace `ws`, counting the queries made of it. */
function fakeStore(versions: CustomTemplateVersion[]) {
  const calls: string[] = [];
  const store = {
    findVersion: async (workspaceId: string, id: string, v?: string) => {
      calls.push('findVersion');
      const found = workspaceId === 'ws' && id === 'greeting' ? (v === undefined ? versions.at(-1) : versions.find((x) => x.version === v)) : undefined;
      return found ? { uid: found.uid, version: found.version } : null;
    },
    find: async (workspaceId: string, id: string) => {
      calls.push('find');
      return workspaceId === 'ws' && id === 'greeting' ? ({ id } as never) : null;
    },
    versionByUid: async (uid: string) => {
      calls.push('versionByUid');
      return versions.find((x) => x.uid === uid) ?? null;
    },
    list: async () => [{ id: 'greeting' }],
  };
  return { store: store as unknown as CustomTemplateStore, calls };
}

describe('CustomTemplateCatalog', () => {
  it('resolves the newest version, compiled once per version and asked of the store on every call', async () => {
    const { store, calls } = fakeStore([version('u1', '1.0.0'), version('u2', '1.1.0', { defaultOptions: { format: 'A4' }, sampleData: { name: 'Ada' } })]);
    const catalog = new CustomTemplateCatalog(store, checker);
    const newest = await catalog.resolve('ws', 'greeting');
    expect(newest).toMatchObject({
      id: 'greeting',
      name: 'Greeting 1.1.0',
      version: '1.1.0',
      uid: 'u2',
      sampleData: { name: 'Ada' },
      defaultOptions: { format: 'A4', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } },
      render: { key: 'u2', title: 'Greeting 1.1.0', layout: { body: [] } },
    });
    expect(await newest!.validateData({})).toEqual(['Missing required field: name']);
    expect(await catalog.resolve('ws', 'greeting')).toBe(newest);
    expect(calls).toEqual(['findVersion', 'versionByUid', 'findVersion']);
    expect((await catalog.resolve('ws', 'greeting', '1.0.0'))!.uid).toBe('u1');
  });

  it('answers null for a template the workspace does not have, and 400 for an unknown version', async () => {
    const { store } = fakeStore([version('u1', '1.0.0')]);
    const catalog = new CustomTemplateCatalog(store, checker);
    expect(await catalog.resolve('other-ws', 'greeting')).toBeNull();
    expect(await catalog.resolve('ws', 'nope', '1.0.0')).toBeNull();
    const error = await catalog.resolve('ws', 'greeting', '9.9.9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TEMPLATE_VERSION_NOT_FOUND', status: 400, message: "Template 'greeting' has no version '9.9.9'" });
    expect(await catalog.ids('ws')).toEqual(['greeting']);
  });
});
