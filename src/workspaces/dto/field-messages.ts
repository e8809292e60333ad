import { KEY_MODES } from '../../auth/key-mode';
import { TEMPLATE_IDS } from '../../engine/templates/template.types';
import { PLAN_IDS } from '../plans';
import { MONTHLY_LIMIT_MAX, NAME_MAX_LENGTH } from '../workspace-bounds';

/** The one message of each field (the contract's validationErrors): it names the field and its valid values. */
export const FIELD_MESSAGES = {
  workspaceName: `name must be a non-empty string of at most ${NAME_MAX_LENGTH} characters`,
  keyName: `name must be a string of at most ${NAME_MAX_LENGTH} characters`,
  keyMode: `mode must be one of: ${KEY_MODES.join(', ')}`,
  plan: `plan must be one of: ${PLAN_IDS.join(', ')}`,
  monthlyLimit: `monthlyLimit must be a whole number from 0 to ${MONTHLY_LIMIT_MAX}, or null for the plan's limit`,
  suspended: 'suspended must be true or false',
  enabledTemplates: `enabledTemplates must be an array of template ids: ${TEMPLATE_IDS.join(', ')}`,
} as const;
