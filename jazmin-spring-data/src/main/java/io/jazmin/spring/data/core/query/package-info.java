/** Query values and their execution over a table: engine filter, order (file order, bounded top-k or full sort) and slice. */
package io.jazmin.spring.data.core.query;
