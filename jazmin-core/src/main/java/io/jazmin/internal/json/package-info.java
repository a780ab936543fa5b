/**
 * Engine-internal JSON plumbing shared by the catalog, the writers and the converters: one Jackson factory with
 * strict UTF-8 input, and the small JSON texts a file stores (metadata, merges).
 */
package io.jazmin.internal.json;
