import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

/**
 * Which side of a schema to describe: `input` is what a sender must send (the schema accepts it;
 * defaults make fields optional, coercions accept strings), `output` what a receiver gets after
 * parsing (defaults filled in, unknown keys stripped).
 */
export type SchemaSide = 'input' | 'output';

/**
 * OpenAPI 3.1 speaks draft 2020-12; AsyncAPI 3.0's default schema format is a superset of
 * draft-07, which its tools read without a `schemaFormat` (tuples and exclusive bounds differ).
 */
export type JsonSchemaDialect = 'draft-2020-12' | 'draft-07';

/**
 * The JSON Schema of one zod contract. zod 4 writes JSON Schema itself, so there is no library
 * in between (zod-to-openapi and the like target zod 3, or make the contracts be redeclared in
 * their own registry): the documents describe exactly the schemas the gateway and the services
 * parse with.
 *
 * Each schema is self-contained (no `$defs`, no `$schema`): it is embedded inside a larger
 * document, where a `#/$defs/...` reference would resolve against that document's root.
 */
export function jsonSchemaOf(schema: z.ZodType, side: SchemaSide, dialect: JsonSchemaDialect = 'draft-2020-12'): JsonSchema {
  const { $schema: _declared, ...rest } = z.toJSONSchema(schema, {
    target: dialect,
    io: side,
    // A transform's result has no JSON Schema: it is documented as "any value" instead of failing.
    unrepresentable: 'any',
    // Shared sub-schemas are repeated in place, so nothing needs a $defs section.
    reused: 'inline',
    // A recursive contract would need $defs: fail loudly so the docs test shows it.
    cycles: 'throw',
  }) as JsonSchema;
  return rest;
}
