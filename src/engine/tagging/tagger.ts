import { pdfTextString } from '../pdf-text-string';
import { AsciiBytes } from '../ascii-bytes';
import { pageContentBytes } from '../page-content';
import { endObject, newObjectNumber, startObject, writeObject } from '../object-stream';
import { contentLanguage, documentScript } from './content-language';

/**
 * Tagged PDF (DECISIONS section 12): the structure tree and the marked content that ties the
 * page contents to it, built while the layout draws.
 *
 * - Blocks open structure elements around what they draw: `canvas.tags.element('Table', draw)`.
 *   Elements nest as the calls nest; their order in the tree is the order they are opened,
 *   which is the layout's reading order (blocks are drawn top to bottom, left column first).
 * - Canvas calls `mark(kind)` before it draws anything. Text goes into the innermost open
 *   element (text at a grouping level goes into one implicit P per run of such lines); shapes
 *   are decoration (an Artifact) unless the innermost element is a Figure; everything drawn
 *   inside `artifact(...)` (page furniture, header and footer, watermark) is an Artifact.
 * - Consecutive drawing for one element on one page shares one marked-content sequence (one
 *   BDC/EMC per run, not per line or glyph): the sequence is closed lazily, when something of
 *   another element is drawn, the page changes, the graphics state is saved or restored, or the
 *   document is finished.
 * - A block split across pages passes the same `key` for its parts: they continue one element
 *   (one Table across pages, its rows in one TBody), with marked-content references (MCR) to
 *   the other pages.
 * - Link annotations get a Link element holding an OBJR to them, and the annotation a
 *   /StructParent; pages with links get /Tabs /S (PDF/UA 7.18.3).
 *
 * The tree is kept as plain records while drawing and written by `finish()` in one piece: one
 * indirect object per element with minimal dictionaries, the ParentTree as one number-tree node,
 * /StructParents on the pages; content operators are written as bytes as they come (page-content.ts). PDFKit
 * 0.17's structure API (doc.struct, markStructureContent) did the same work with a
 * PDFReference, a PDFObject.convert pass and three stream writes per element, and a content
 * write per BDC and per EMC. Invoice-basic with 20 items (about 150 elements), in-process,
 * tagged and untagged renders interleaved in one run (600 each, a loaded 2-core machine):
 * PDFKit's API added 2.70 ms to the median (1.98 ms at the 25th percentile), this adds 0.48 ms
 * (0.39 ms); the file grows by 13.5 KB (28.4 to 41.9 KB), most of it the elements' objects and
 * their xref lines.
 * With the document untagged (PDFKit `tagged` not set) every call is a no-op, or runs `draw`.
 */


/** Standard structure types used by our blocks (ISO 32000-1, 14.8.4). */
export type StructRole =
  | 'Document'
  | 'Sect'
  | 'Div'
  | 'H1'
  | 'H2'
  | 'H3'
  | 'H4'
  | 'H5'
  | 'H6'
  | 'P'
  | 'Span'
  | 'Caption'
  | 'Table'
  | 'THead'
  | 'TBody'
  | 'TFoot'
  | 'TR'
  | 'TH'
  | 'TD'
  | 'L'
  | 'LI'
  | 'Lbl'
  | 'LBody'
  | 'Figure'
  | 'Link'
  | 'Note'
  | 'Form';

/** Artifact kinds: decoration (no type), page furniture and running header/footer, watermark. */
export type ArtifactKind = 'Layout' | 'Background' | 'Pagination' | 'Header' | 'Footer' | 'Watermark';

export interface ElementOptions {
  /** Alternative text (Figure): required for figures, read instead of their content. */
  alt?: string;
  /** TH scope: Column (header row) or Row (a row's label). */
  scope?: 'Column' | 'Row' | 'Both';
  /** TH/TD: the columns a cell spans, so that every row of a table has as many (PDF/UA 7.2). */
  colSpan?: number;
  /** Language of the element's content when it differs from the document's (BCP 47). */
  lang?: string;
  /**
   * The parts of one block split across pages share a key: they continue one element, when
   * opened again under the same parent element (keys are scoped to the parent).
   */
  key?: object;
}

export type DrawnKind = 'text' | 'shape' | 'image';

/** The PDFKit internals the tree is written through (PDFKit 0.17; not in @types/pdfkit). */
interface PdfRef {
  id: number;
  data: Record<string, unknown>;
  offset: number;
}
interface PdfPage {
  dictionary: PdfRef;
}
interface PdfTaggingDoc {
  options: { tagged?: boolean; lang?: string };
  page: PdfPage;
  _root: { data: { StructTreeRoot?: PdfRef } };
  ref(data?: Record<string, unknown>): PdfRef;
}

/** One structure element, as a record until the tree is written. */
interface Element {
  role: StructRole;
  /** Children in order: elements, marked content (MCID on a page), annotations (OBJR). */
  kids: Array<Element | Marked | Annotation>;
  alt?: string;
  lang?: string;
  /** The language of its text was looked at (its first text decides). */
  langSeen?: boolean;
  scope?: ElementOptions['scope'];
  colSpan?: number;
  /** The object number, given when the tree is written. */
  id: number;
}

/** A marked-content sequence on a page. */
interface Marked {
  page: PageMarks;
  mcid: number;
}

/** A link annotation, the content of a Link element. */
interface Annotation {
  annotation: PdfRef;
  page: PdfPage;
}

/** The marked content of one page: the element of each MCID (the page's ParentTree entry). */
interface PageMarks {
  page: PdfPage;
  elements: Element[];
}

/** The element a key continues in one role, with the parent it was opened in; `other`: the same key's in other roles. */
interface KeyedElement {
  role: StructRole;
  element: Element;
  parent: Element;
  other?: KeyedElement;
}

/** One open structure element. */
interface Frame {
  element: Element;
  /** The implicit P of lines drawn directly in a grouping element; dropped when a child element opens. */
  implicit?: Element;
  /** The last child element opened in this one (a Link just drawn takes the annotation that follows). */
  last?: Element;
}

/** Roles whose content is text itself; text drawn in any other role goes into an implicit P. */
const LEAF_ROLES = new Set<StructRole>(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'Span', 'Caption', 'TH', 'TD', 'Lbl', 'LBody', 'Figure', 'Link', 'Note']);

const ARTIFACT_BDC: Record<ArtifactKind, string> = {
  Layout: '/Artifact<</Type/Layout>>BDC\n',
  Background: '/Artifact<</Type/Background>>BDC\n',
  Pagination: '/Artifact<</Type/Pagination>>BDC\n',
  Header: '/Artifact<</Type/Pagination/Subtype/Header>>BDC\n',
  Footer: '/Artifact<</Type/Pagination/Subtype/Footer>>BDC\n',
  Watermark: '/Artifact<</Type/Pagination/Subtype/Watermark>>BDC\n',
};

const SLASH = 0x2f;

const HEADINGS: readonly StructRole[] = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'];

/** Every element with all its fields, so that the code reading them sees one object shape. */
const newElement = (role: StructRole, options: ElementOptions = {}): Element => ({ role, kids: [], alt: options.alt, lang: options.lang, scope: options.scope, colSpan: options.colSpan, id: 0 });

export class Tagger {
  /** False for an untagged document: nothing is marked. */
  readonly enabled: boolean;
  private readonly doc: PdfTaggingDoc;
  private readonly root = newElement('Document');
  private readonly stack: Frame[] = [];
  /** Artifact kinds opened by artifact(), innermost last. */
  private readonly artifacts: ArtifactKind[] = [];
  /** The marked-content sequence open in the page's content stream: an element or an artifact kind. */
  private open?: Element | ArtifactKind;
  private readonly pages = new Map<PdfPage, PageMarks>();
  /** ParentTree keys: annotations get theirs when drawn, pages theirs when the tree is written. */
  private nextKey = 0;
  /** Annotations' ParentTree keys and their elements: Link, or Form for a widget. */
  private readonly linkKeys: Array<[number, Element]> = [];
  /** Headings in the order opened (reading order), for levelHeadings. */
  private readonly headings: Element[] = [];
  private finished = false;
  /**
   * Split parts of one block: the element each key continues, by role, with the parent it was
   * opened in. Owned by the document: a module-wide WeakMap kept every render's elements reachable
   * from old space until the next full collection (scavenges 5 to 7 times as long).
   */
  private readonly keyRoles = new Map<object, KeyedElement>();
  /** The script family of the document's language (content-language.ts), found on the first text. */
  private script?: string;
  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc as unknown as PdfTaggingDoc;
    this.enabled = Boolean(this.doc.options?.tagged);
    this.stack.push({ element: this.root });
  }

  /** Runs `draw` inside a new structure element (child of the innermost open one). */
  element<T>(role: StructRole, draw: () => T, options: ElementOptions = {}): T {
    if (!this.enabled || this.artifacts.length > 0) return draw();
    const parent = this.stack[this.stack.length - 1];
    parent.implicit = undefined;
    const keyed = options.key ? this.keyed(options.key, role) : undefined;
    let element = keyed?.parent === parent.element ? keyed.element : undefined;
    if (!element) {
      element = newElement(role, options);
      if (HEADINGS.includes(role)) this.headings.push(element);
      parent.element.kids.push(element);
      if (keyed) {
        // The key's element in another parent (the same column in the next row): it now continues this one.
        keyed.element = element;
        keyed.parent = parent.element;
      } else if (options.key) this.keyRoles.set(options.key, { role, element, parent: parent.element, other: this.keyRoles.get(options.key) });
    }
    parent.last = element;
    this.stack.push({ element });
    try {
      return draw();
    } finally {
      this.stack.pop();
    }
  }

  /** Runs `draw` as an artifact: not read, not in the structure tree. */
  artifact<T>(kind: ArtifactKind, draw: () => T): T {
    if (!this.enabled) return draw();
    this.artifacts.push(kind);
    try {
      return draw();
    } finally {
      this.artifacts.pop();
    }
  }

  /** The language the text drawn next is in (a merged document's item): an element's /Lang is told against it. */
  language(lang: string): void {
    this.script = documentScript(lang);
  }

  /**
   * Canvas hook for each run of text drawn in the open element: the element's first text gives it
   * a /Lang when its script is another language's than the document's (content-language.ts).
   */
  text(text: string): void {
    const element = this.open;
    if (element === undefined || typeof element === 'string' || element.langSeen) return;
    element.langSeen = true;
    this.script ??= documentScript(this.doc.options.lang ?? 'en');
    element.lang ??= contentLanguage(text, this.script);
  }

  /** Canvas hook, before anything is drawn: opens (or keeps) the marked-content sequence it belongs to. */
  mark(kind: DrawnKind): void {
    if (!this.enabled) return;
    const target = this.target(kind);
    if (target === this.open) return;
    const out = pageContentBytes(this.doc as unknown as PDFKit.PDFDocument);
    if (this.open !== undefined) out.text('EMC\n');
    if (typeof target === 'string') out.text(ARTIFACT_BDC[target]);
    else {
      const page = this.pageMarks();
      const mcid = page.elements.length;
      page.elements.push(target);
      target.kids.push({ page, mcid });
      out.byte(SLASH).text(target.role).text('<</MCID ').int(mcid).text('>>BDC\n');
    }
    this.open = target;
  }

  /**
   * Canvas hook before the page changes, the graphics state is saved or restored, and at the
   * end: closes the open marked-content sequence (a sequence never spans pages or q/Q).
   */
  close(): void {
    if (this.open === undefined) return;
    pageContentBytes(this.doc as unknown as PDFKit.PDFDocument).text('EMC\n');
    this.open = undefined;
  }

  /**
   * Canvas hook for a link annotation: the options PDFKit's link() must get (its StructParent),
   * after which `linked(annotation)` ties the annotation to its Link element by an OBJR.
   */
  linkOptions(url: string): { StructParent?: number; Contents?: String } {
    if (!this.enabled || this.artifacts.length > 0) return {};
    // PDF/UA 7.18.1: an annotation carries a description (/Contents): where it leads.
    return { StructParent: this.nextKey++, Contents: new String(url.replace(/^mailto:/i, '')) };
  }

  /**
   * The Link element is the innermost open one when it is a Link, else the Link just drawn in
   * it (text drawn as a Link, then its annotation), else a new one.
   */
  linked(options: { StructParent?: number }, annotation: object | undefined): void {
    const key = options.StructParent;
    if (key === undefined || !annotation) return;
    const top = this.stack[this.stack.length - 1];
    const link =
      top.element.role === 'Link' ? top.element : top.last?.role === 'Link' ? top.last : this.element('Link', () => this.stack[this.stack.length - 1].element);
    link.kids.push({ annotation: annotation as PdfRef, page: this.doc.page });
    this.linkKeys.push([key, link]);
    // PDF/UA 7.18.3: a page with annotations orders them by the structure.
    this.doc.page.dictionary.data.Tabs = 'S';
  }

  /**
   * A form field's widget (the signature's): `annotate` makes it with the StructParent given, and
   * a Form element with alternative text holds an OBJR to it (PDF/UA 7.18.4 and 7.18.1).
   */
  formField(alt: string, annotate: (structParent?: number) => object): void {
    if (!this.enabled || this.artifacts.length > 0) {
      annotate();
      return;
    }
    const key = this.nextKey++;
    const annotation = annotate(key) as PdfRef;
    this.element(
      'Form',
      () => {
        const form = this.stack[this.stack.length - 1].element;
        form.kids.push({ annotation, page: this.doc.page });
        this.linkKeys.push([key, form]);
      },
      { alt },
    );
    this.doc.page.dictionary.data.Tabs = 'S';
  }

  /** Closes the last sequence and writes the tree: call before doc.end(). */
  finish(): void {
    if (!this.enabled || this.finished) return;
    this.finished = true;
    this.close();
    const treeRoot = this.doc._root.data.StructTreeRoot ?? this.doc.ref({ Type: 'StructTreeRoot' });
    this.doc._root.data.StructTreeRoot = treeRoot;
    this.write(treeRoot);
  }

  /** The element `key` continues in `role`, if one was opened with it. */
  private keyed(key: object, role: StructRole): KeyedElement | undefined {
    for (let keyed = this.keyRoles.get(key); keyed; keyed = keyed.other) if (keyed.role === role) return keyed;
    return undefined;
  }

  private pageMarks(): PageMarks {
    const page = this.doc.page;
    let marks = this.pages.get(page);
    if (!marks) this.pages.set(page, (marks = { page, elements: [] }));
    return marks;
  }

  private target(kind: DrawnKind): Element | ArtifactKind {
    if (this.artifacts.length > 0) return this.artifacts[this.artifacts.length - 1];
    const top = this.stack[this.stack.length - 1];
    if (top.element.role === 'Figure') return top.element;
    // Shapes and images outside a Figure are decoration: our blocks put meaningful ones in Figures.
    if (kind !== 'text') return 'Layout';
    if (LEAF_ROLES.has(top.element.role)) return top.element;
    if (!top.implicit) {
      top.implicit = newElement('P');
      top.element.kids.push(top.implicit);
    }
    return top.implicit;
  }

  /**
   * Writes the elements and the ParentTree into the document's object stream (object-stream.ts)
   * and points the StructTreeRoot and the pages at them.
   */
  private write(treeRoot: PdfRef): void {
    const doc = this.doc;
    const pdf = doc as unknown as PDFKit.PDFDocument;
    levelHeadings(this.headings);
    // Object numbers: PDFKit references for the two objects its StructTreeRoot names, slots in its
    // xref for the others.
    const rootRef = doc.ref();
    const parentTree = doc.ref();
    const number = (element: Element): void => {
      for (const kid of element.kids) {
        if ('kids' in kid) {
          kid.id = newObjectNumber(pdf);
          number(kid);
        }
      }
    };
    this.root.id = rootRef.id;
    number(this.root);

    const writeElement = (element: Element, parent: number, body: AsciiBytes): void => {
      body.text('<</S/').text(element.role).text('/P ').ref(parent);
      // The page of the first marked content: MCIDs on it are bare numbers, others MCRs.
      let pg: PdfPage | undefined;
      for (const kid of element.kids) {
        if ('mcid' in kid) {
          pg = kid.page.page;
          break;
        }
      }
      if (pg) body.text('/Pg ').ref(pg.dictionary.id);
      if (element.scope || element.colSpan) {
        body.text('/A<</O/Table');
        if (element.scope) body.text('/Scope/').text(element.scope);
        if (element.colSpan) body.text('/ColSpan ').int(element.colSpan);
        body.text('>>');
      }
      if (element.alt !== undefined) body.text('/Alt').text(pdfTextString(element.alt));
      if (element.lang !== undefined) body.text('/Lang').text(pdfTextString(element.lang));
      const count = element.kids.length;
      if (count > 0) {
        body.text(count === 1 ? '/K ' : '/K[');
        for (let index = 0; index < count; index++) {
          const kid = element.kids[index];
          if (index > 0) body.text(' ');
          if ('kids' in kid) body.ref(kid.id);
          else if ('mcid' in kid) {
            if (kid.page.page === pg) body.int(kid.mcid);
            else body.text('<</Type/MCR/Pg ').ref(kid.page.page.dictionary.id).text('/MCID ').int(kid.mcid).text('>>');
          } else body.text('<</Type/OBJR/Obj ').ref(kid.annotation.id).text('/Pg ').ref(kid.page.dictionary.id).text('>>');
        }
        if (count > 1) body.text(']');
      }
      body.text('>>');
    };
    const write = (element: Element, parent: number): void => {
      // One object stream's bytes for all, without a closure an element (startObject).
      const body = startObject(pdf, element.id);
      writeElement(element, parent, body);
      // PDFKit counts the references it made until they are ended: the root's is written here.
      endObject(pdf, element.id, body, element === this.root ? rootRef : undefined);
      for (const kid of element.kids) if ('kids' in kid) write(kid, element.id);
    };
    write(this.root, treeRoot.id);

    // The ParentTree: one number-tree node, keys ascending (annotations' keys came first).
    const entries: Array<{ key: number; link?: Element; marks?: PageMarks }> = this.linkKeys.map(([key, link]) => ({ key, link }));
    for (const marks of this.pages.values()) {
      const key = this.nextKey++;
      marks.page.dictionary.data.StructParents = key;
      entries.push({ key, marks });
    }
    entries.sort((a, b) => a.key - b.key);
    writeObject(
      pdf,
      parentTree.id,
      (body) => {
        body.text('<</Nums[');
        entries.forEach(({ key, link, marks }, index) => {
          if (index > 0) body.text(' ');
          body.int(key).text(' ');
          if (link) body.ref(link.id);
          else {
            body.text('[');
            for (const element of marks!.elements) body.ref(element.id).text(' ');
            body.text(']');
          }
        });
        body.text(']>>');
      },
      parentTree,
    );

    const data = treeRoot.data;
    data.K = rootRef;
    data.ParentTree = parentTree;
    data.ParentTreeNextKey = this.nextKey;
  }
}

/**
 * Heading levels made to start at H1 and never skip one (PDF/UA, Matterhorn 14-002 and 14-003):
 * the levels in use are renumbered from 1 in their order (a template using only `heading`, H2,
 * gets H1s), then, in reading order, a level deeper than one below the deepest so far is raised.
 */
function levelHeadings(headings: Element[]): void {
  const used = [...new Set(headings.map((heading) => HEADINGS.indexOf(heading.role)))].sort((a, b) => a - b);
  let deepest = 0;
  for (const heading of headings) {
    const level = Math.min(used.indexOf(HEADINGS.indexOf(heading.role)) + 1, deepest + 1);
    heading.role = HEADINGS[level - 1];
    deepest = Math.max(deepest, level);
  }
}
