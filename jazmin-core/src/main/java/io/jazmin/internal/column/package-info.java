/**
 * Column streams and encodings (spec §1.8–§1.11): plain, dictionary and run-length values, key forms for
 * ordered comparisons, decimals, nested list and object columns, and the statistics each chunk records.
 */
package io.jazmin.internal.column;
