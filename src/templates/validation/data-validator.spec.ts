import { TEMPLATE_SAMPLES } from '../samples';
import { JsonSchema, TEMPLATE_SCHEMAS, TEMPLATE_IDS, TemplateId } from '../../engine';
import { getValidationSchema, validateTemplateData } from './data-validator';

type Data = Record<string, any>;
type Edit = (data: Data) => void;
type Case = [TemplateId, string, Edit];

/** A fresh copy of a template's sample, changed by `edit`, so tests never share state. */
function sample(templateId: TemplateId, edit: (data: Data) => void = () => undefined): Data {
  const data = structuredClone(TEMPLATE_SAMPLES[templateId]) as Data;
  edit(data);
  return data;
}

const manyEntries = (count: number, value: unknown) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]));

const errorsFor = (templateId: TemplateId, edit: (data: Data) => void) => validateTemplateData(templateId, sample(templateId, edit));

describe('validateTemplateData', () => {
  describe('samples and schemas', () => {
    it.each(TEMPLATE_IDS)('accepts the %s sample', (id) => {
      expect(validateTemplateData(id, TEMPLATE_SAMPLES[id])).toEqual([]);
    });

    it.each(TEMPLATE_IDS)('compiles exactly the served %s schema object', (id) => {
      expect(getValidationSchema(id)).toBe(TEMPLATE_SCHEMAS[id]);
      expect(Object.isFrozen(TEMPLATE_SCHEMAS[id].properties)).toBe(true);
    });

    it.each(TEMPLATE_IDS)('documents every property of the %s schema', (id) => {
      const undocumented: string[] = [];
      const walk = (schema: JsonSchema, path: string): void => {
        if (!schema.description) undocumented.push(path);
        Object.entries(schema.properties ?? {}).forEach(([key, child]) => walk(child, `${path}.${key}`));
        if (schema.items) walk(schema.items, `${path}[]`);
        if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${path}.*`);
      };
      walk(TEMPLATE_SCHEMAS[id], id);
      expect(undocumented).toEqual([]);
      expect(TEMPLATE_SCHEMAS[id]).toMatchObject({ type: 'object', required: expect.any(Array) });
      expect(TEMPLATE_SCHEMAS[id].additionalProperties).toBeUndefined();
    });

    it('uses every field of the spec’s invoice payload table in its sample (section 12’s and 14’s additions are optional)', () => {
      const invoice = TEMPLATE_SAMPLES['invoice-basic'];
      const added = new Set(['currency', 'locale', 'documentType', 'poNumber', 'status', 'buyerReference', 'deliveryDate', 'servicePeriod', 'payment']);
      const specFields = Object.keys(TEMPLATE_SCHEMAS['invoice-basic'].properties ?? {}).filter((field) => !added.has(field));
      expect(Object.keys(invoice).sort()).toEqual(specFields.sort());
    });
  });

  describe('missing required fields', () => {
    it.each([
      ['invoice-basic', 'invoiceNumber'],
      ['invoice-basic', 'items'],
      ['invoice-basic', 'client'],
      ['weekly-report', 'projects'],
      ['calendar-schedule', 'months'],
      ['kpi-dashboard', 'title'],
      ['kpi-dashboard', 'metrics'],
    ] as const)('%s without %s', (id, field) => {
      expect(errorsFor(id, (data) => delete data[field])).toEqual([`Missing required field: ${field}`]);
    });

    it.each<Case>([
      ['invoice-basic', 'client.name', (d) => delete d.client.name],
      ['invoice-basic', 'items[2].description', (d) => delete d.items[2].description],
      ['weekly-report', 'projects[1].title', (d) => delete d.projects[1].title],
      ['calendar-schedule', 'months[0].y', (d) => delete d.months[0].y],
      ['calendar-schedule', 'months[1].m', (d) => delete d.months[1].m],
      ['calendar-schedule', 'events[3].date', (d) => delete d.events[3].date],
      ['calendar-schedule', 'events[3].text', (d) => delete d.events[3].text],
      ['calendar-schedule', 'ranges[0].start', (d) => delete d.ranges[0].start],
      ['calendar-schedule', 'ranges[0].end', (d) => delete d.ranges[0].end],
      ['kpi-dashboard', 'metrics[4].label', (d) => delete d.metrics[4].label],
      ['kpi-dashboard', 'metrics[4].value', (d) => delete d.metrics[4].value],
      ['kpi-dashboard', 'sections[2].title', (d) => delete d.sections[2].title],
    ])('%s reports Missing required field: %s', (id, path, edit) => {
      expect(errorsFor(id, edit)).toEqual([`Missing required field: ${path}`]);
    });

    it('treats a required field sent as null as missing, at any depth', () => {
      expect(
        errorsFor('invoice-basic', (d) => {
          d.invoiceNumber = null;
          d.client.name = null;
          d.items[0].description = null;
        }),
      ).toEqual(['Missing required field: invoiceNumber', 'Missing required field: client.name', 'Missing required field: items[0].description']);
    });

    it('rejects null in an optional field as a wrong type', () => {
      expect(errorsFor('invoice-basic', (d) => (d.notes = null))).toEqual(["Field 'notes' must be string"]);
    });

    it('does not require the optional fields', () => {
      expect(validateTemplateData('invoice-basic', { invoiceNumber: '1', client: { name: 'A' }, items: [{ description: 'x' }] })).toEqual([]);
      expect(validateTemplateData('calendar-schedule', { months: [{ y: 2025, m: 1 }] })).toEqual([]);
    });
  });

  describe('wrong types', () => {
    it.each<Case>([
      ['invoice-basic', "Field 'items[2].quantity' must be number", (d) => (d.items[2].quantity = '4')],
      ['invoice-basic', "Field 'items' must be array", (d) => (d.items = 'none')],
      ['invoice-basic', "Field 'client' must be object", (d) => (d.client = 'ACME')],
      ['invoice-basic', "Field 'total' must be number", (d) => (d.total = Number.POSITIVE_INFINITY)],
      ['invoice-basic', "Field 'tax' must be number", (d) => (d.tax = Number.NaN)],
      ['weekly-report', "Field 'projects[0].stakeholders.studio.creativeExec' must be string", (d) => (d.projects[0].stakeholders.studio.creativeExec = 7)],
      ['weekly-report', "Field 'projects[2].milestones[1].name' must be string", (d) => (d.projects[2].milestones[1].name = true)],
      ['weekly-report', "Field 'projects[1].progress' must be number", (d) => (d.projects[1].progress = '50%')],
      ['calendar-schedule', "Field 'months[0].y' must be integer", (d) => (d.months[0].y = 2025.5)],
      ['calendar-schedule', "Field 'masthead[1]' must be string", (d) => (d.masthead[1] = 5)],
      ['calendar-schedule', "Field 'palette.shoot' must be string", (d) => (d.palette.shoot = 255)],
      ['kpi-dashboard', "Field 'metrics[0].value' must be string", (d) => (d.metrics[0].value = 2410000)],
    ])('%s reports %s', (id, message, edit) => {
      expect(errorsFor(id, edit)).toEqual([message]);
    });

    it('reports non-object array elements by index', () => {
      expect(errorsFor('invoice-basic', (d) => (d.items = [1, null, 'x', { description: 'ok' }]))).toEqual([
        "Field 'items[0]' must be object",
        "Field 'items[1]' must be object",
        "Field 'items[2]' must be object",
      ]);
    });

    it('reports only the type error when a field also breaks another rule', () => {
      expect(errorsFor('calendar-schedule', (d) => (d.orientation = 3))).toEqual(["Field 'orientation' must be string"]);
    });

    it('reports data that is not an object', () => {
      expect(validateTemplateData('kpi-dashboard', [])).toEqual(["Field 'data' must be object"]);
    });
  });

  describe('formats', () => {
    it.each(['2025-02-30', '2025-13-01', '2025-2-3', '25-02-03', '2025-02-03T00:00:00Z', '0000-01-01'])('rejects ISO date %s', (value) => {
      expect(errorsFor('invoice-basic', (d) => (d.invoiceDate = value))).toEqual(["Field 'invoiceDate' must be a date in the form YYYY-MM-DD"]);
    });

    it.each(['13/01/2025', '02/29/2025', '2025-03-01', '3/1/2025', '04/31/2025'])('rejects MM/DD/YYYY date %s', (value) => {
      expect(errorsFor('weekly-report', (d) => (d.projects[0].releaseDate = value))).toEqual([
        "Field 'projects[0].releaseDate' must be a date in the form MM/DD/YYYY",
      ]);
    });

    it('accepts leap days', () => {
      expect(errorsFor('weekly-report', (d) => (d.versionAsOf = '02/29/2024'))).toEqual([]);
      expect(errorsFor('invoice-basic', (d) => (d.dueDate = '2000-02-29'))).toEqual([]);
    });

    it('checks every date field of each template', () => {
      expect(
        errorsFor('calendar-schedule', (d) => {
          d.events[0].date = '2025-04-31';
          d.ranges[2].start = 'soon';
        }),
      ).toEqual(["Field 'events[0].date' must be a date in the form YYYY-MM-DD", "Field 'ranges[2].start' must be a date in the form YYYY-MM-DD"]);
      expect(
        errorsFor('weekly-report', (d) => {
          d.versionAsOf = '2025-03-07';
          d.projects[0].answerPrint = '00/10/2025';
          d.projects[0].milestones[3].startDate = '06/31/2025';
        }),
      ).toEqual([
        "Field 'versionAsOf' must be a date in the form MM/DD/YYYY",
        "Field 'projects[0].answerPrint' must be a date in the form MM/DD/YYYY",
        "Field 'projects[0].milestones[3].startDate' must be a date in the form MM/DD/YYYY",
      ]);
    });

    it.each(['blue', '#12345', '#ggg', '1a73e8'])('rejects palette colour %s', (value) => {
      expect(errorsFor('calendar-schedule', (d) => (d.palette.meeting = value))).toEqual(["Field 'palette.meeting' must be a hex colour such as #1a73e8"]);
    });
  });

  describe('bounds', () => {
    it.each<Case>([
      ['calendar-schedule', "Field 'months[0].m' must be at least 1", (d) => (d.months[0].m = 0)],
      ['calendar-schedule', "Field 'months[0].m' must be at most 12", (d) => (d.months[0].m = 13)],
      ['calendar-schedule', "Field 'months[1].y' must be at least 1900", (d) => (d.months[1].y = 1899)],
      ['calendar-schedule', "Field 'orientation' must be one of: portrait, landscape", (d) => (d.orientation = 'sideways')],
      ['calendar-schedule', "Field 'months' must have at least 1 item", (d) => (d.months = [])],
      ['calendar-schedule', "Field 'months' must have at most 36 items", (d) => (d.months = Array(37).fill({ y: 2025, m: 1 }))],
      ['calendar-schedule', "Field 'masthead' must have at most 12 items", (d) => (d.masthead = Array(13).fill('line'))],
      ['calendar-schedule', "Field 'legend' must have at most 100 entries", (d) => (d.legend = manyEntries(101, 'x'))],
      ['invoice-basic', "Field 'items' must have at least 1 item", (d) => (d.items = [])],
      ['invoice-basic', "Field 'items' must have at most 1000 items", (d) => (d.items = Array(1001).fill({ description: 'x' }))],
      ['invoice-basic', "Field 'notes' must be at most 20000 characters", (d) => (d.notes = 'n'.repeat(20_001))],
      ['invoice-basic', "Field 'client.name' must be at most 500 characters", (d) => (d.client.name = 'n'.repeat(501))],
      ['invoice-basic', "Field 'items[0].unitPrice' must be at most 1000000000000", (d) => (d.items[0].unitPrice = 1e13)],
      ['invoice-basic', "Field 'total' must be at least -1000000000000", (d) => (d.total = -1e13)],
      ['weekly-report', "Field 'projects[0].progress' must be at most 100", (d) => (d.projects[0].progress = 101)],
      ['weekly-report', "Field 'projects[0].progress' must be at least 0", (d) => (d.projects[0].progress = -1)],
      ['weekly-report', "Field 'projects[0].milestones' must have at most 100 items", (d) => (d.projects[0].milestones = Array(101).fill({}))],
      ['weekly-report', "Field 'projects[0].updates.thisWeek.text' must be at most 20000 characters", (d) => (d.projects[0].updates.thisWeek.text = 'x'.repeat(20_001))],
      ['kpi-dashboard', "Field 'metrics' must have at most 60 items", (d) => (d.metrics = Array(61).fill({ label: 'a', value: '1' }))],
      ['kpi-dashboard', "Field 'sections' must have at most 200 items", (d) => (d.sections = Array(201).fill({ title: 't' }))],
    ])('%s reports %s', (id, message, edit) => {
      expect(errorsFor(id, edit)).toEqual([message]);
    });

    it('accepts negative amounts for credit notes', () => {
      expect(errorsFor('invoice-basic', (d) => Object.assign(d.items[0], { quantity: -1, amount: -3200 }))).toEqual([]);
    });

    it('keeps the error list small for a huge array of junk', () => {
      const errors = errorsFor('calendar-schedule', (d) => (d.events = Array(200_000).fill(0)));
      expect(errors[0]).toBe("Field 'events' must have at most 5000 items");
      expect(errors).toHaveLength(101);
    });

    it('cuts a huge array deep inside the data one past its bound, and leaves the data as sent', () => {
      const data = sample('weekly-report', (d) => {
        d.projects[0].progress = '50%';
        d.projects[1].milestones = Array(100_000).fill({ name: 7 });
        d.projects[2].progress = 101;
      });
      const errors = validateTemplateData('weekly-report', data);
      expect(errors.slice(0, 3)).toEqual([
        "Field 'projects[0].progress' must be number",
        "Field 'projects[1].milestones' must have at most 100 items",
        "Field 'projects[1].milestones[0].name' must be string",
      ]);
      // 101 milestones checked (one past the bound), then projects[2]: 104 errors, 100 listed.
      expect(errors.slice(-2)).toEqual(["Field 'projects[1].milestones[97].name' must be string", '... and 4 more errors']);
      expect(data.projects[1].milestones).toHaveLength(100_000);
    });

    it('keeps the error list small for a huge palette', () => {
      const errors = errorsFor('calendar-schedule', (d) => (d.palette = manyEntries(50_000, 'bad')));
      expect(errors[0]).toBe("Field 'palette' must have at most 100 entries");
      expect(errors.slice(-2)).toEqual(["Field 'palette.k98' must be a hex colour such as #1a73e8", '... and 2 more errors']);
    });
  });

  describe('ranges', () => {
    it('rejects an end before the start', () => {
      expect(errorsFor('calendar-schedule', (d) => Object.assign(d.ranges[1], { start: '2025-05-02', end: '2025-05-01' }))).toEqual([
        "Field 'ranges[1].end' must not be before ranges[1].start",
      ]);
    });

    it('accepts one-day ranges and ranges across months and years', () => {
      expect(
        errorsFor('calendar-schedule', (d) => {
          Object.assign(d.ranges[0], { start: '2025-04-09', end: '2025-04-09' });
          Object.assign(d.ranges[2], { start: '2025-12-20', end: '2026-01-05' });
        }),
      ).toEqual([]);
    });

    it('does not compare dates that are themselves invalid', () => {
      expect(errorsFor('calendar-schedule', (d) => Object.assign(d.ranges[0], { start: '2025-04-31', end: '2025-04-01' }))).toEqual([
        "Field 'ranges[0].start' must be a date in the form YYYY-MM-DD",
      ]);
    });
  });

  describe('the error list', () => {
    it('lists every error once, in document order', () => {
      const data = sample('invoice-basic', (d) => {
        d.items[3].quantity = 'x';
        d.items[1] = { quantity: 'y' };
        d.notes = 5;
        d.invoiceDate = '2025-02-30';
        delete d.client.name;
        delete d.invoiceNumber;
      });
      expect(validateTemplateData('invoice-basic', data)).toEqual([
        'Missing required field: invoiceNumber',
        "Field 'invoiceDate' must be a date in the form YYYY-MM-DD",
        'Missing required field: client.name',
        'Missing required field: items[1].description',
        "Field 'items[1].quantity' must be number",
        "Field 'items[3].quantity' must be number",
        "Field 'notes' must be string",
      ]);
    });

    it('never repeats a message', () => {
      const errors = errorsFor('kpi-dashboard', (d) => (d.metrics = [{}, {}, { label: 1, value: 2 }]));
      expect(new Set(errors).size).toBe(errors.length);
      expect(errors).toEqual([
        'Missing required field: metrics[0].label',
        'Missing required field: metrics[0].value',
        'Missing required field: metrics[1].label',
        'Missing required field: metrics[1].value',
        "Field 'metrics[2].label' must be string",
        "Field 'metrics[2].value' must be string",
      ]);
    });

    it('ignores unknown extra fields at every level', () => {
      expect(
        errorsFor('invoice-basic', (d) => {
          d.currency = 'USD';
          d.client.loyaltyTier = 42;
          d.items[0].sku = { any: ['shape'] };
        }),
      ).toEqual([]);
      expect(errorsFor('weekly-report', (d) => (d.projects[0].stakeholders.studio.showrunner = 'Kim'))).toEqual([]);
    });

    it('lists the first 100 errors in document order, then how many more there are', () => {
      const errors = errorsFor('invoice-basic', (d) => {
        d.items = Array.from({ length: 150 }, () => ({ description: 'x', quantity: 'many' }));
        d.notes = 5;
      });
      expect(errors).toHaveLength(101);
      expect(errors.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => `Field 'items[${i}].quantity' must be number`));
      expect(errors[100]).toBe('... and 51 more errors');
    });

    it('says "1 more error" when one is left out', () => {
      const errors = errorsFor('invoice-basic', (d) => (d.items = Array.from({ length: 101 }, () => ({ description: 7 }))));
      expect(errors.slice(-2)).toEqual(["Field 'items[99].description' must be string", '... and 1 more error']);
    });

    it('never lists the keys of an object that is not a map, so extra fields cost nothing', () => {
      const unlistable = <T extends object>(target: T): T =>
        new Proxy(target, {
          ownKeys() {
            throw new Error('keys listed');
          },
        });
      const data = sample('invoice-basic', (d) => {
        d.items = Array.from({ length: 1001 }, () => unlistable({ description: 1, extra: true }));
        d.client = unlistable({ name: 2 });
      });
      const errors = validateTemplateData('invoice-basic', unlistable(data));
      expect(errors.slice(0, 3)).toEqual(["Field 'client.name' must be string", "Field 'items' must have at most 1000 items", "Field 'items[0].description' must be string"]);
    });

    it('refuses a company logo whose bytes cannot be drawn with one message naming the field', () => {
      // A PNG signature and nothing else: the pattern and size pass, the image does not decode.
      const lying = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;
      const errors = errorsFor('invoice-basic', (d) => (d.company.logo = lying));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^Field 'company\.logo' holds an image that cannot be drawn: /);
      expect(errorsFor('invoice-basic', (d) => (d.company.logo = 'data:image/gif;base64,R0lGOD'))).toEqual([
        "Field 'company.logo' must match pattern \"^data:image/(png|jpeg);base64,[A-Za-z0-9+/]*={0,2}$\"",
      ]);
    });

    it('does not modify the data it checks', () => {
      const data = sample('calendar-schedule', (d) => (d.events = Array(6000).fill({ date: '2025-04-01', text: 'x' })));
      validateTemplateData('calendar-schedule', data);
      expect(data.events).toHaveLength(6000);
    });
  });
});
