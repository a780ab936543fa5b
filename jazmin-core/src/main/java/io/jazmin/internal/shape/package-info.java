/**
 * Export shapes (spec §2.6): compiling a JSON template against a table's columns
 * ({@link io.jazmin.internal.shape.ShapeCompiler}), streaming its output through a
 * {@link io.jazmin.export.ShapeOutput} ({@link io.jazmin.convert.JsonShapeOutput} for JSON), and
 * describing that output as a JSON Schema ({@link io.jazmin.internal.shape.ShapeSchema}). Rows are read with
 * the query engine, so filters use indexes and statistics and only the columns a shape uses are
 * decoded.
 */
package io.jazmin.internal.shape;
