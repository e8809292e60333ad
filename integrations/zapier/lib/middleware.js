'use strict';

const addApiKey = (request, z, bundle) => {
  if (bundle.authData.apiKey) request.headers['X-API-Key'] = bundle.authData.apiKey;
  return request;
};

/**
 * An error answer of the API becomes a Zapier error with the API's own message and the problems
 * it lists ("Invalid data for template: Missing required field: client.name"); its code is the
 * API's (INVALID_DATA...). A wrong key asks the user to reconnect.
 */
const throwApiErrors = (response, z) => {
  if (response.status < 400) return response;
  let answer = {};
  try {
    answer = JSON.parse(response.content);
  } catch {
    // not JSON: the status alone
  }
  const problems = Array.isArray(answer.validationErrors) ? `: ${answer.validationErrors.join('; ')}` : '';
  const message = `${answer.error ?? `pdfgen answered ${response.status}`}${problems}`;
  if (response.status === 401) throw new z.errors.ExpiredAuthError(message);
  throw new z.errors.Error(message, answer.code ?? 'PDFGEN_ERROR', response.status);
};

module.exports = { addApiKey, throwApiErrors };
