import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

class BooleanParams extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue({ ...node, value: toSqlite(node.value) });
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(toSqlite) });
  }
}

/**
 * SQLite has no boolean type: this plugin binds JS booleans as 0/1 and turns the 0/1 of every column
 * declared `boolean` back into booleans. The column names come from the schema itself (PRAGMA table_info),
 * so a new boolean column needs no registration.
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #params = new BooleanParams();
  columns: ReadonlySet<string> = new Set();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#params.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const cols = this.columns;
    if (cols.size === 0) return args.result;
    for (const row of args.result.rows) {
      for (const key in row) {
        if (cols.has(key)) {
          const v = row[key];
          if (typeof v === 'number') row[key] = v !== 0;
        }
      }
    }
    return args.result;
  }
}
