/** How the overview and generations pages write numbers, sizes, dates and embedded data. */

const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** `2025-03` -> `March 2025`. */
export function monthName(period: string): string {
  return new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** `2025-03-02` -> `2 Mar`. */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** An ISO time -> `2 Mar 2025, 14:05:31` (UTC; the column says so). */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${date}, ${iso.slice(11, 19)}`;
}

/** 1234567 -> `1.2 MB` (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** A curl that makes a first PDF (the empty states); the key is a variable the user sets. */
export function firstPdfCurl(publicUrl: string): string {
  return `curl -X POST ${publicUrl}/api/v1/generate \\
  -H "X-API-Key: $PDFGEN_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "templateId": "invoice-basic",
    "outputFormat": "url",
    "data": {
      "invoiceNumber": "INV-0001",
      "client": { "name": "Acme Corp" },
      "items": [{ "description": "Consulting", "quantity": 2, "unitPrice": 150 }]
    }
  }'`;
}
