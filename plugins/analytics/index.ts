import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { definePlugin } from '../contract.js';
import { baseUrl } from '../shared/baseUrl.js';
import { baseUrlProperty, secretProperty } from '../shared/settingsSchemas.js';
import { readResult, vendorFailure, vendorHttp } from '../shared/vendorHttp.js';

interface RunReportResponse {
  dimensionHeaders?: Array<{ name: string }>;
  metricHeaders?: Array<{ name: string }>;
  rows?: Array<{ dimensionValues?: Array<{ value: string }>; metricValues?: Array<{ value: string }> }>;
  rowCount?: number;
}

const name = z.string().regex(/^[A-Za-z][A-Za-z0-9_:]{0,60}$/);

/**
 * Analytics dashboard tool (mind) on the Google Analytics Data API v1beta (`runReport`, the REST
 * form of `@google-analytics/data`). Read only: the AnalystAgent runs a report and cites its rows.
 */
export const analyticsPlugin = definePlugin({
  manifest: {
    id: 'analytics',
    kind: 'analytics dashboard tool',
    displayName: 'Analytics (Google Analytics)',
    version: '1.0.0',
    crews: ['mind'],
    tools: ['analytics_run_report'],
    flags: [],
    settingsSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['property_id'],
      properties: {
        property_id: { type: 'string', pattern: '^[0-9]{1,20}$', description: 'The GA4 property id.' },
        access_token: secretProperty('OAuth access token with analytics.readonly'),
        base_url: baseUrlProperty,
      },
    },
    secrets: [{ name: 'access_token', description: 'OAuth access token.', required: true }],
    oauth: { authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', scopes: ['https://www.googleapis.com/auth/analytics.readonly'], extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' } },
  },
  register(context) {
    const property = String(context.settings.property_id ?? '');
    const request = vendorHttp(context, { vendor: 'Google Analytics', baseUrl: baseUrl(context, 'analytics', 'https://analyticsdata.googleapis.com'), headers: () => ({ authorization: `Bearer ${context.secrets.access_token ?? ''}` }) });
    const server = new McpServer({ name: 'crewd-analytics', version: '1.0.0' });
    server.registerTool(
      'analytics_run_report',
      {
        description: 'Run a report on the property: metrics by dimensions over a date range (default: the last 28 days).',
        inputSchema: z.object({
          metrics: z.array(name).min(1).max(10),
          dimensions: z.array(name).max(9).optional(),
          start_date: z.string().regex(/^(\d{4}-\d{2}-\d{2}|today|yesterday|\d+daysAgo)$/).optional(),
          end_date: z.string().regex(/^(\d{4}-\d{2}-\d{2}|today|yesterday|\d+daysAgo)$/).optional(),
          limit: z.number().int().min(1).max(1000).optional(),
        }),
        outputSchema: z.object({ property_id: z.string(), row_count: z.number(), rows: z.array(z.record(z.string(), z.string())) }),
      },
      async ({ metrics, dimensions, start_date, end_date, limit }) => {
        try {
          const report = await request<RunReportResponse>({
            method: 'POST',
            path: `/v1beta/properties/${property}:runReport`,
            json: { dateRanges: [{ startDate: start_date ?? '28daysAgo', endDate: end_date ?? 'today' }], metrics: metrics.map((m) => ({ name: m })), dimensions: (dimensions ?? []).map((d) => ({ name: d })), limit: limit ?? 100 },
          });
          const dims = (report.dimensionHeaders ?? []).map((h) => h.name);
          const mets = (report.metricHeaders ?? []).map((h) => h.name);
          const rows = (report.rows ?? []).map((row) => Object.fromEntries([...dims.map((d, i) => [d, row.dimensionValues?.[i]?.value ?? '']), ...mets.map((m, i) => [m, row.metricValues?.[i]?.value ?? ''])]));
          return readResult({ property_id: property, row_count: report.rowCount ?? rows.length, rows });
        } catch (error) {
          return vendorFailure(error);
        }
      },
    );
    return server;
  },
});
