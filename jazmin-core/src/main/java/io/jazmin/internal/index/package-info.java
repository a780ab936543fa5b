/**
 * Sorted and trigram indexes (spec §1.14): building their pages and postings when a file is written, and
 * looking rows up through them when a query is planned.
 */
package io.jazmin.internal.index;
