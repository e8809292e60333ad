import { KeyValue, LabelValueList } from '../../toolkit/key-value';
import { LayoutPath } from '../layout-path';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, listOf, readText } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** `keyValue`: label left, value right, one pair a line; pairs whose value is empty are left out. */
export function compileKeyValueBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const items = listOf(node.items, [...path, 'items'], issues).map(([item, at]) => ({ key: readText(item, 'key', at, issues), value: readText(item, 'value', at, issues) }));
  return {
    build(scope, emit) {
      const pairs: KeyValue[] = [];
      for (const item of items) {
        const value = item.value(scope.evaluation);
        if (value.trim() !== '') pairs.push({ key: item.key(scope.evaluation), value });
      }
      if (pairs.length === 0) return;
      scope.spend(pairs.length);
      emit({ block: new LabelValueList(pairs, theme.look), space: SPACE_BEFORE.keyValue });
    },
  };
}
