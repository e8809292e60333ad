'use strict';

/** The "Options" field: the API's PDF options as a JSON object, or nothing. */
function parseOptions(z, text) {
  if (text === undefined || text === null || String(text).trim() === '') return undefined;
  let options;
  try {
    options = JSON.parse(text);
  } catch {
    throw new z.errors.Error('Options must be JSON, e.g. {"format": "A4"}', 'INVALID_OPTIONS', 400);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new z.errors.Error('Options must be a JSON object, e.g. {"format": "A4"}', 'INVALID_OPTIONS', 400);
  }
  return options;
}

const optionsField = {
  key: 'options',
  label: 'Options',
  type: 'text',
  required: false,
  helpText: 'PDF options as the API takes them, as JSON, e.g. {"format": "A4", "orientation": "landscape"}.',
};

module.exports = { parseOptions, optionsField };
