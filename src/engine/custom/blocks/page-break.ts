import { fixed } from '../../toolkit/block';
import { CompiledBlock } from './compiled-block';
import { SPACE_BEFORE } from './spacing';

const NOTHING = { layout: () => fixed(0) };

/** `pageBreak`: the body continues on a new page (inside a box, column or grid cell it has no effect). */
export function compilePageBreakBlock(): CompiledBlock {
  return {
    build(scope, emit) {
      scope.spend(1);
      emit({ block: NOTHING, space: SPACE_BEFORE.none, pageBreak: true });
    },
  };
}
