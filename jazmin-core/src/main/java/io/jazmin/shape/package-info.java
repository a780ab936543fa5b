/**
 * Export shapes (spec §2.6): compiling a JSON template against a table's columns
 * ({@link io.jazmin.shape.ShapeCompiler}), streaming its output through a
 * {@link io.jazmin.ShapeOutput} ({@link io.jazmin.JsonShapeOutput} for JSON), and
 * describing that output as a JSON Schema ({@link io.jazmin.shape.ShapeSchema}). Rows are read with
 * the query engine, so filters use indexes and statistics and only the columns a shape uses are
 * decoded.
 */
package io.jazmin.shape;
