/**
 * Conversion between rows and text: JSON, JSON Lines and CSV row sources and sinks, schema inference and
 * schema files, the canonical interop form of values, and strict input checks that name the row, column and byte.
 */
package io.jazmin.convert;
