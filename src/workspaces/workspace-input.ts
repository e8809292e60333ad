import { TEMPLATE_IDS, TemplateId, isTemplateId } from '../engine/templates/template.types';
import { PLAN_IDS, PLANS, PlanId, isPlanId } from './plans';

export interface CreateWorkspaceInput {
  name: string;
  plan: PlanId;
  monthlyLimit?: number | null;
}

export interface UpdateWorkspaceInput {
  name?: string;
  plan?: PlanId;
  monthlyLimit?: number | null;
  suspended?: boolean;
  enabledTemplates?: TemplateId[];
}

const MAX_LIMIT = 1_000_000_000;

/** C0, DEL and C1: invisible in every listing, and PostgreSQL refuses NUL in text outright. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

function checkNoControlCharacters(field: string, value: string, errors: string[]): void {
  if (CONTROL_CHARACTER.test(value)) errors.push(`${field} must not contain control characters (U+0000-U+001F, U+007F-U+009F)`);
}

/** Field checks shared by the operator API and the CLI; each message names the field and its valid values. */
export function checkName(value: unknown, errors: string[]): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
    errors.push('name must be a non-empty string of at most 200 characters');
    return;
  }
  checkNoControlCharacters('name', value, errors);
}

/** An API key's optional label: absent, null, or a string of at most 200 characters. */
export function checkKeyName(value: unknown): string[] {
  const errors: string[] = [];
  if (value === undefined || value === null) return errors;
  if (typeof value !== 'string' || value.length > 200) errors.push('name must be a string of at most 200 characters');
  else checkNoControlCharacters('name', value, errors);
  return errors;
}

export function checkPlan(value: unknown, errors: string[]): void {
  if (!isPlanId(value)) errors.push(`plan must be one of: ${PLAN_IDS.join(', ')}`);
}

export function checkMonthlyLimit(value: unknown, errors: string[]): void {
  if (value === null) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_LIMIT) {
    errors.push(`monthlyLimit must be a whole number from 0 to ${MAX_LIMIT}, or null for the plan's limit`);
  }
}

export function checkEnabledTemplates(value: unknown, plan: PlanId, errors: string[]): void {
  if (!Array.isArray(value) || !value.every(isTemplateId)) {
    errors.push(`enabledTemplates must be an array of template ids: ${TEMPLATE_IDS.join(', ')}`);
    return;
  }
  const allowed = PLANS[plan].templates;
  const outside = value.filter((id) => !allowed.includes(id));
  if (outside.length > 0) {
    errors.push(`enabledTemplates may only name templates of the ${plan} plan: ${allowed.join(', ')} (not ${outside.join(', ')})`);
  }
}

export function validateCreate(body: unknown): { input?: CreateWorkspaceInput; errors: string[] } {
  const errors: string[] = [];
  const b = asObject(body, errors);
  if (!b) return { errors };
  checkName(b.name, errors);
  checkPlan(b.plan, errors);
  if (b.monthlyLimit !== undefined) checkMonthlyLimit(b.monthlyLimit, errors);
  if (errors.length) return { errors };
  return { input: { name: (b.name as string).trim(), plan: b.plan as PlanId, monthlyLimit: (b.monthlyLimit as number | null) ?? null }, errors };
}

/** `currentPlan` decides which templates may be enabled when the patch does not change the plan. */
export function validateUpdate(body: unknown, currentPlan: PlanId): { input?: UpdateWorkspaceInput; errors: string[] } {
  const errors: string[] = [];
  const b = asObject(body, errors);
  if (!b) return { errors };
  if (b.name !== undefined) checkName(b.name, errors);
  if (b.plan !== undefined) checkPlan(b.plan, errors);
  if (b.monthlyLimit !== undefined) checkMonthlyLimit(b.monthlyLimit, errors);
  if (b.suspended !== undefined && typeof b.suspended !== 'boolean') errors.push('suspended must be true or false');
  if (b.enabledTemplates !== undefined) {
    const plan = isPlanId(b.plan) ? b.plan : currentPlan;
    checkEnabledTemplates(b.enabledTemplates, plan, errors);
  }
  if (errors.length) return { errors };
  const input: UpdateWorkspaceInput = {};
  if (b.name !== undefined) input.name = (b.name as string).trim();
  if (b.plan !== undefined) input.plan = b.plan as PlanId;
  if (b.monthlyLimit !== undefined) input.monthlyLimit = b.monthlyLimit as number | null;
  if (b.suspended !== undefined) input.suspended = b.suspended as boolean;
  if (b.enabledTemplates !== undefined) input.enabledTemplates = [...new Set(b.enabledTemplates as TemplateId[])];
  return { input, errors };
}

function asObject(body: unknown, errors: string[]): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors.push('body must be a JSON object');
    return null;
  }
  return body as Record<string, unknown>;
}
