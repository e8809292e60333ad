import { BlockType } from '../language-schema';
import { LayoutPath } from '../layout-path';
import { compileBadgeBlock } from './badge';
import { compileBoxBlock } from './box';
import { compileCalendarBlock } from './calendar';
import { compileColumnsBlock } from './columns';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode } from './compile-context';
import { compileDividerBlock } from './divider';
import { compileEachBlock } from './each';
import { compileGridBlock } from './grid';
import { compileIfBlock } from './if';
import { compileImageBlock } from './image';
import { compileKeyValueBlock } from './key-value';
import { compileListBlock } from './list';
import { compilePageBreakBlock } from './page-break';
import { compileProgressBlock } from './progress';
import { compileQrBlock } from './qr';
import { compileSpacerBlock } from './spacer';
import { compileTableBlock } from './table';
import { compileTextBlock } from './text';

export type BlockCompiler = (node: LayoutNode, path: LayoutPath, context: CompileContext) => CompiledBlock;

/** One compiler per block type of the language. */
export const BLOCK_COMPILERS: Record<BlockType, BlockCompiler> = {
  text: compileTextBlock,
  columns: compileColumnsBlock,
  table: compileTableBlock,
  each: compileEachBlock,
  if: compileIfBlock,
  keyValue: compileKeyValueBlock,
  image: compileImageBlock,
  qr: compileQrBlock,
  box: compileBoxBlock,
  divider: compileDividerBlock,
  spacer: compileSpacerBlock,
  pageBreak: compilePageBreakBlock,
  list: compileListBlock,
  grid: compileGridBlock,
  progress: compileProgressBlock,
  badge: compileBadgeBlock,
  calendar: compileCalendarBlock,
};
