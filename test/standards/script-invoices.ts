import { sample } from '../support/samples';

/**
 * One invoice per script family, with the customer's own text in it: names, addresses, item
 * descriptions and notes in Latin, Arabic, Hebrew, Persian (with ZWNJ), CJK, Indic and Thai.
 */
const SCRIPTS: Array<{ name: string; locale: string; company: string; client: string; items: string[]; notes: string }> = [
  { name: 'Latin', locale: 'de-DE', company: 'Grundstücksverwaltung Müller & Söhne GmbH', client: 'Œuvre Ærø Façade S.à r.l.', items: ['Büroräume – Miete März', 'ﬁnal ﬂoor plans (ﬁ ﬂ ligatures)'], notes: 'Zahlbar innerhalb von 30 Tagen — ohne Abzug. „Danke“' },
  { name: 'Arabic', locale: 'ar-EG', company: 'مؤسسة الأهرام للنشر والتوزيع', client: 'شركة الإنتاج السينمائي المحدودة', items: ['تصميم الغلاف الأمامي', 'إنتاج الفيلم الوثائقي ١٢٣'], notes: 'يرجى الدفع خلال ثلاثين يومًا. شكرًا لتعاملكم معنا.' },
  { name: 'Hebrew', locale: 'he-IL', company: 'חברת הפקות הסרטים בע״מ', client: 'משרד עורכי דין כהן ושות׳', items: ['עריכת וידאו – פרק 3', 'הפקת פרסומת (30 שניות)'], notes: 'התשלום תוך 30 יום. תודה!' },
  { name: 'Persian', locale: 'fa-IR', company: 'شرکت پژوهش‌های فرهنگی پارسیان', client: 'می‌خواهم کتاب‌ها را ببینم', items: ['ویرایش کتاب‌های درسی', 'چاپ ژورنال ۱۴۰۳'], notes: 'پرداخت ظرف سی روز. با تشکر از همکاری شما.' },
  { name: 'CJK', locale: 'ja-JP', company: '株式会社東京映像制作所国際事業部', client: '北京电影制片厂有限公司 / 한국영화제작소', items: ['映像編集（第３話）・カラーグレーディング', '字幕制作 中文字幕 한국어 자막'], notes: 'お支払いは30日以内にお願いいたします。ありがとうございました。' },
  { name: 'Indic', locale: 'hi-IN', company: 'भारतीय फ़िल्म निर्माण प्राइवेट लिमिटेड', client: 'বাংলা চলচ্চিত্র সংস্থা / தமிழ் திரைப்பட நிறுவனம்', items: ['वीडियो संपादन – क्षत्रिय', 'সম্পাদনা ও রঙ সংশোধন', 'தமிழ் வசனங்கள்'], notes: 'कृपया 30 दिनों के भीतर भुगतान करें। धन्यवाद।' },
  { name: 'Thai', locale: 'th-TH', company: 'บริษัท ภาพยนตร์ไทย จำกัด (มหาชน)', client: 'สำนักงานกฎหมายกรุงเทพมหานคร', items: ['ค่าตัดต่อวิดีโอสำหรับโครงการพัฒนาระบบ', 'ค่าบันทึกเสียงภาษาไทย'], notes: 'กรุณาชำระเงินภายใน 30 วัน ขอบคุณที่ใช้บริการ' },
];

export const SCRIPT_INVOICES: Array<{ name: string; data: Record<string, unknown> }> = SCRIPTS.map((script) => {
  const data = sample('invoice-basic');
  const items = script.items.map((description, i) => ({ description, quantity: i + 1, unitPrice: 100 * (i + 1), amount: 100 * (i + 1) * (i + 1) }));
  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  return {
    name: script.name,
    data: {
      ...data,
      locale: script.locale,
      company: { ...data.company, name: script.company },
      client: { ...data.client, name: script.client },
      items,
      subtotal,
      tax: 0,
      total: subtotal,
      notes: script.notes,
    },
  };
});
