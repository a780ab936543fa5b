/**
 * What a file's tables are made of: {@link io.jazmin.schema.Column}s with their {@link io.jazmin.schema.ColumnType},
 * codecs, index kinds and the reports on indexes and storage, plus {@link io.jazmin.schema.JsonText}, the value of json
 * columns. Value types only; the engine's lowest layers use them.
 */
package io.jazmin.schema;
