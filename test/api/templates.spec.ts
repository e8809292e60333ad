import { TEMPLATE_SCHEMAS } from '../../src/engine/templates/schemas';
import { TEMPLATE_IDS } from '../../src/engine/templates/template.types';
import { startTestApp, TestApp } from '../support/test-app';

describe('templates', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    key = (await t.createWorkspace('free')).key;
  });
  afterAll(() => t.close());

  it('lists the four templates without a key, under both prefixes', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      const res = await t.http.get(`${prefix}/templates`).expect(200);
      expect(res.body.total).toBe(4);
      expect(res.body.categories).toEqual(['calendar', 'report', 'dashboard', 'invoice', 'certificate', 'custom']);
      expect(res.body.templates.map((x: { id: string }) => x.id)).toEqual([...TEMPLATE_IDS]);
      for (const template of res.body.templates) {
        expect(Object.keys(template).sort()).toEqual(['category', 'custom', 'description', 'id', 'name', 'version']);
        expect(template.version).toBe('1.0.0');
        expect(template.custom).toBe(false);
      }
    }
  });

  it('filters by category and by id', async () => {
    const invoices = await t.http.get('/api/v1/templates?category=invoice').expect(200);
    expect(invoices.body.templates.map((x: { id: string }) => x.id)).toEqual(['invoice-basic']);
    expect(invoices.body.total).toBe(1);
    const none = await t.http.get('/api/v1/templates?category=certificate').expect(200);
    expect(none.body).toMatchObject({ templates: [], total: 0 });
    const one = await t.http.get('/api/v1/templates?id=kpi-dashboard').expect(200);
    expect(one.body.total).toBe(1);
    expect(one.body.templates[0]).toMatchObject({ id: 'kpi-dashboard', category: 'dashboard' });
  });

  it('serves the schema that validation uses, with default options', async () => {
    const res = await t.http.get('/api/v1/templates/invoice-basic/schema').set('X-API-Key', key).expect(200);
    expect(res.body).toEqual({
      templateId: 'invoice-basic',
      templateName: 'Basic Invoice',
      schema: JSON.parse(JSON.stringify(TEMPLATE_SCHEMAS['invoice-basic'])),
      defaultOptions: { format: 'Letter', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } },
    });
    expect(res.body.schema.type).toBe('object');
    expect(res.body.schema.required).toEqual(expect.arrayContaining(['invoiceNumber', 'items', 'client']));
  });

  it('gives calendar-schedule a landscape default', async () => {
    const res = await t.http.get('/v1/templates/calendar-schedule/schema').set('Authorization', `Bearer ${key}`).expect(200);
    expect(res.body.defaultOptions.orientation).toBe('landscape');
    expect(res.body.schema.required).toEqual(['months']);
  });
});
