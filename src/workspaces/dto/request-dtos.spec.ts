import { ApiError } from '../../common/errors/api-error';
import { DtoClass, validateDto } from '../../common/validation/validate-dto';
import { CreateKeyDto } from './create-key.dto';
import { CreateWorkspaceDto } from './create-workspace.dto';
import { UpdateWorkspaceDto } from './update-workspace.dto';

/** The validationErrors the operator API and the CLI answer for a body; [] when it passes. */
async function errorsOf(type: DtoClass, body: unknown): Promise<string[]> {
  try {
    await validateDto(type, body);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.extra.validationErrors as string[];
  }
}

const NAME = 'name must be a non-empty string of at most 200 characters';
const KEY_NAME = 'name must be a string of at most 200 characters';
const CONTROL = 'name must not contain control characters (U+0000-U+001F, U+007F-U+009F)';
const PLAN = 'plan must be one of: free, pro, business';
const LIMIT = "monthlyLimit must be a whole number from 0 to 1000000000, or null for the plan's limit";
const SUSPENDED = 'suspended must be true or false';
const TEMPLATES = 'enabledTemplates must be an array of template ids: invoice-basic, weekly-report, calendar-schedule, kpi-dashboard';

describe('stored names (shared by the operator API and the CLI)', () => {
  it.each(['\u0000', '\u0001', '\t', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'])('refuses %j', async (control) => {
    const name = `Acme${control}Corp`;
    expect(await errorsOf(CreateWorkspaceDto, { name, plan: 'free' })).toEqual([CONTROL]);
    expect(await errorsOf(UpdateWorkspaceDto, { name })).toEqual([CONTROL]);
    expect(await errorsOf(CreateKeyDto, { name })).toEqual([CONTROL]);
  });

  it('accepts the characters just outside the control ranges', async () => {
    const name = ' ~\u00a0é€😀';
    expect(await errorsOf(CreateWorkspaceDto, { name: `x${name}`, plan: 'free' })).toEqual([]);
    expect(await errorsOf(CreateKeyDto, { name })).toEqual([]);
  });

  it('lets a key go without a name', async () => {
    expect(await errorsOf(CreateKeyDto, {})).toEqual([]);
    expect(await errorsOf(CreateKeyDto, { name: null })).toEqual([]);
    expect(await errorsOf(CreateKeyDto, { name: '' })).toEqual([]);
    expect(await errorsOf(CreateKeyDto, { name: 7 })).toEqual([KEY_NAME]);
    expect(await errorsOf(CreateKeyDto, { name: 'k'.repeat(201) })).toEqual([KEY_NAME]);
  });

  it.each([
    ['blank', ' \t\u00a0\n'],
    ['too long', 'x'.repeat(201)],
    ['too long with a control character', `${'x'.repeat(200)}\u0000`],
    ['101 emoji (202 UTF-16 code units)', '😀'.repeat(101)],
    ['201 characters with variation selectors', `${'\u2764\ufe0f'.repeat(100)}x`],
    ['a number', 7],
    ['null', null],
  ])('refuses a workspace name that is %s with the one name message', async (_, name) => {
    expect(await errorsOf(CreateWorkspaceDto, { name, plan: 'free' })).toEqual([NAME]);
    expect(await errorsOf(UpdateWorkspaceDto, { name })).toEqual([NAME]);
  });

  it('accepts a name of exactly 200 UTF-16 code units, surrounding spaces included', async () => {
    expect(await errorsOf(CreateWorkspaceDto, { name: ` ${'x'.repeat(198)} `, plan: 'free' })).toEqual([]);
    expect(await errorsOf(CreateWorkspaceDto, { name: '😀'.repeat(100), plan: 'free' })).toEqual([]);
  });
});

describe('CreateWorkspaceDto', () => {
  it('names each bad field and its valid values, in order', async () => {
    expect(await errorsOf(CreateWorkspaceDto, { name: '', plan: 'gold', monthlyLimit: -1 })).toEqual([NAME, PLAN, LIMIT]);
    expect(await errorsOf(CreateWorkspaceDto, {})).toEqual([NAME, PLAN]);
  });

  it.each([0, 1_000_000_000, null, undefined])('accepts a monthlyLimit of %p', async (monthlyLimit) => {
    expect(await errorsOf(CreateWorkspaceDto, { name: 'Acme', plan: 'pro', monthlyLimit })).toEqual([]);
  });

  it.each([-1, 1_000_000_001, 1.5, '5', true, [], Infinity])('refuses a monthlyLimit of %p', async (monthlyLimit) => {
    expect(await errorsOf(CreateWorkspaceDto, { name: 'Acme', plan: 'pro', monthlyLimit })).toEqual([LIMIT]);
  });

  it('ignores fields it does not know', async () => {
    const dto = await validateDto(CreateWorkspaceDto, { name: 'Acme', plan: 'pro', id: 'mine', webhookSecret: 'whsec_x' });
    expect(dto).not.toHaveProperty('id');
    expect(dto).not.toHaveProperty('webhookSecret');
  });
});

describe('UpdateWorkspaceDto', () => {
  it('accepts an empty patch, and null for the monthly limit', async () => {
    expect(await errorsOf(UpdateWorkspaceDto, {})).toEqual([]);
    expect(await errorsOf(UpdateWorkspaceDto, { monthlyLimit: null })).toEqual([]);
  });

  it('names every bad field once, in order', async () => {
    const patch = { enabledTemplates: 'invoice-basic', suspended: 'yes', monthlyLimit: 1.5, plan: 'Pro', name: 7 };
    expect(await errorsOf(UpdateWorkspaceDto, patch)).toEqual([NAME, PLAN, LIMIT, SUSPENDED, TEMPLATES]);
  });

  it('refuses null where null does not mean anything', async () => {
    const patch = { name: null, plan: null, suspended: null, enabledTemplates: null };
    expect(await errorsOf(UpdateWorkspaceDto, patch)).toEqual([NAME, PLAN, SUSPENDED, TEMPLATES]);
  });

  it.each([[['nope']], [[1]], [[null]], [{ 0: 'invoice-basic' }]])('refuses enabledTemplates %j', async (enabledTemplates) => {
    expect(await errorsOf(UpdateWorkspaceDto, { enabledTemplates })).toEqual([TEMPLATES]);
  });

  it('accepts any template ids, duplicates included (the plan is checked with the stored workspace)', async () => {
    expect(await errorsOf(UpdateWorkspaceDto, { enabledTemplates: [] })).toEqual([]);
    expect(await errorsOf(UpdateWorkspaceDto, { plan: 'free', enabledTemplates: ['kpi-dashboard', 'kpi-dashboard'] })).toEqual([]);
  });
});
