import type { Response } from 'express';
import { formField } from '../http/form-body.middleware';
import { ViewRenderer } from '../view-renderer';

/**
 * A destructive form asks first. With JavaScript the layout's dialog asks and app.js marks the
 * form `confirmed`; without it the POST answers this page, whose button sends the form again,
 * confirmed. Forms opt in with `{% render 'partials/confirmed' %}` beside their CSRF field.
 */
export interface ConfirmStep {
  nav: string;
  /** The question, as the page's heading: "Revoke the key “Zapier”?". */
  question: string;
  /** What happens, in a sentence or two. */
  detail: string;
  action: string;
  /** The button that does it: "Revoke key". */
  label: string;
  /** Where "Cancel" goes. */
  back: string;
}

export function isConfirmed(body: unknown): boolean {
  return formField(body, 'confirmed') === 'yes';
}

export function renderConfirmStep(views: ViewRenderer, res: Response, step: ConfirmStep): Promise<void> {
  return views.render(res, 'pages/confirm', { title: step.question, ...step });
}
