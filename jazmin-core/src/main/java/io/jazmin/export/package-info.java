/**
 * Export shapes (spec §2.6): {@link io.jazmin.export.ExportShape} is a JSON template that turns a
 * table's rows into nested output, {@link io.jazmin.export.SavedShape} one stored in a file, and
 * {@link io.jazmin.export.ShapeOutput} where the output goes ({@code io.jazmin.convert.JsonShapeOutput}
 * writes JSON). Run them with {@code JazminReader.export}.
 */
package io.jazmin.export;
