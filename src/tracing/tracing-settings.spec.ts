import { tracingConfigured } from './tracing-settings';

describe('tracingConfigured', () => {
  const endpoint = 'http://collector:4318';

  it('is off without an OTLP endpoint, whatever else is set', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'pdfgen', OTEL_TRACES_SAMPLER: 'always_on', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
  });

  it('is on with the general or the traces endpoint', () => {
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toBe(true);
  });

  it('is off when the SDK is disabled or the traces exporter is none', () => {
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });
});
