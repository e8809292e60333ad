import { Body, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { ApiError } from '../../common/errors/api-error';
import { findTemplate } from '../../engine';
import { formField } from '../http/form-body.middleware';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { ViewRenderer } from '../view-renderer';
import { DEFINITION_EDITOR_SCHEMA } from './definition-editor-schema';
import { starters } from './starters';
import { apiWorkspace, CATEGORIES, DashboardTemplatesService, EditorFields, EditorModel } from './dashboard-templates.service';
import { sendPreviewPdf } from '../../templates/preview/send-preview-pdf';
import { requireCustomTemplates } from '../../templates/custom/custom-templates.service';

/** Errors a save shows on the editor page itself (with the author's text kept), not on an error page. */
const FORM_ERRORS = new Set(['INVALID_TEMPLATE_DEFINITION', 'TEMPLATE_ALREADY_EXISTS', 'CUSTOM_TEMPLATE_LIMIT_REACHED', 'CUSTOM_TEMPLATES_NOT_IN_PLAN', 'WORKSPACE_SUSPENDED']);

/**
 * /dashboard/templates: the built-ins with their sample previews, the workspace's own templates
 * (Business), and the editor of a custom template (definition and sample data beside a live
 * preview; versions; delete). Owners save and delete; members may preview.
 */
@DashboardPage('templates')
export class TemplatesPageController {
  constructor(
    private readonly templates: DashboardTemplatesService,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async list(@Dashboard() ctx: DashboardContext, @Query('deleted') deleted: unknown, @Res() res: Response): Promise<void> {
    const gallery = await this.templates.gallery(ctx.workspace);
    await this.views.render(res, 'pages/templates', {
      title: 'Templates',
      nav: 'templates',
      gallery,
      deleted: typeof deleted === 'string' && /^[a-z0-9-]{1,64}$/.test(deleted) ? deleted : '',
      scripts: ['template-gallery.js'],
      stylesheets: ['templates.css'],
    });
  }

  /** The editor's live preview: a PDF, or the API's JSON error (400 with validationErrors naming their paths). */
  @Post('preview')
  @HttpCode(200)
  async preview(@Dashboard() ctx: DashboardContext, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const { templateId, pdf } = await this.templates.preview(ctx.workspace, body);
    sendPreviewPdf(res, templateId, pdf);
  }

  @Get('new')
  async create(@Dashboard() ctx: DashboardContext, @Query('starter') starter: unknown, @Res() res: Response): Promise<void> {
    requireCustomTemplates(apiWorkspace(ctx.workspace));
    await this.editorPage(res, ctx, this.templates.blank(stringOf(starter)), undefined, { starter: stringOf(starter) });
  }

  @Post()
  @OwnerOnly()
  async saveNew(@Dashboard() ctx: DashboardContext, @Body() body: unknown, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const fields = editorFields(body);
    try {
      const saved = await this.templates.save(ctx.workspace, null, fields, by);
      res.redirect(303, `/dashboard/templates/${saved.id}?saved=${encodeURIComponent(saved.version)}`);
    } catch (error) {
      if (!(error instanceof ApiError) || !FORM_ERRORS.has(error.code)) throw error;
      await this.editorPage(res, ctx, { ...this.templates.blank(), fields }, error);
    }
  }

  /** The sample PDF of a template (a built-in's sample, or a custom template's sampleData), as the API previews it. */
  @Get(':id/sample.pdf')
  async sample(@Dashboard() ctx: DashboardContext, @Param('id') id: string, @Query('version') version: unknown, @Res() res: Response): Promise<void> {
    const { templateId, pdf } = await this.templates.preview(ctx.workspace, { templateId: id, ...(typeof version === 'string' ? { templateVersion: version } : {}) });
    sendPreviewPdf(res, templateId, pdf);
  }

  @Get(':id')
  async edit(
    @Dashboard() ctx: DashboardContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    // A built-in has no definition to edit: its card in the list.
    if (findTemplate(id)) return res.redirect(303, `/dashboard/templates#template-${id}`);
    const model = await this.templates.editor(ctx.workspace, id, { version: stringOf(query.version), from: stringOf(query.from) });
    await this.editorPage(res, ctx, model, undefined, { saved: stringOf(query.saved), unchanged: stringOf(query.unchanged) });
  }

  @Post(':id')
  @OwnerOnly()
  async saveVersion(@Dashboard() ctx: DashboardContext, @Param('id') id: string, @Body() body: unknown, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    const fields = { ...editorFields(body), id };
    try {
      const saved = await this.templates.save(ctx.workspace, id, fields, by);
      res.redirect(303, `/dashboard/templates/${saved.id}?${saved.unchanged ? 'unchanged' : 'saved'}=${encodeURIComponent(saved.version)}`);
    } catch (error) {
      if (!(error instanceof ApiError) || !FORM_ERRORS.has(error.code)) throw error;
      const current = await this.templates.editor(ctx.workspace, id);
      await this.editorPage(res, ctx, { ...current, fields }, error);
    }
  }

  /** Without JavaScript, the delete button leads here to confirm; with it, a dialog confirms in place. */
  @Get(':id/delete')
  @OwnerOnly()
  async confirmDelete(@Dashboard() ctx: DashboardContext, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const model = await this.templates.editor(ctx.workspace, id);
    await this.views.render(res, 'pages/template-delete', { title: `Delete ${model.fields.name}`, nav: 'templates', template: model.template, versions: model.versions, stylesheets: ['templates.css'] });
  }

  @Post(':id/delete')
  @OwnerOnly()
  async remove(@Dashboard() ctx: DashboardContext, @Param('id') id: string, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    await this.templates.remove(ctx.workspace, id, by);
    res.redirect(303, `/dashboard/templates?deleted=${encodeURIComponent(id)}`);
  }

  private async editorPage(
    res: Response,
    ctx: DashboardContext,
    model: EditorModel,
    error?: ApiError,
    notice: { saved?: string; unchanged?: string; starter?: string } = {},
  ): Promise<void> {
    const isNew = model.template === null;
    const problems = error ? ((error.extra.validationErrors as string[] | undefined) ?? []) : [];
    await this.views.render(
      res,
      'pages/template-editor',
      {
        title: isNew ? 'New template' : `${model.fields.name || model.template!.id}`,
        nav: 'templates',
        isNew,
        model,
        categories: CATEGORIES,
        readOnly: model.viewing !== null,
        canSave: ctx.isOwner && model.viewing === null,
        formAction: isNew ? '/dashboard/templates' : `/dashboard/templates/${model.template!.id}`,
        error: error ? { message: error.message, problems } : null,
        saved: knownVersion(model, notice.saved),
        unchanged: knownVersion(model, notice.unchanged),
        starters: isNew ? starters() : [],
        starter: notice.starter ?? '',
        definitionSchema: DEFINITION_EDITOR_SCHEMA,
        scripts: ['template-editor.js'],
        stylesheets: ['templates.css'],
      },
      error ? error.status : 200,
    );
  }
}

function editorFields(body: unknown): EditorFields {
  return {
    id: formField(body, 'id'),
    name: formField(body, 'name'),
    description: formField(body, 'description'),
    category: formField(body, 'category'),
    definition: formField(body, 'definition'),
    sampleData: formField(body, 'sampleData'),
  };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A version named in the query, shown in a notice only when the template has it. */
function knownVersion(model: EditorModel, version: string | undefined): string {
  return version && model.template && model.versions.some((v) => v.version === version) ? version : '';
}
