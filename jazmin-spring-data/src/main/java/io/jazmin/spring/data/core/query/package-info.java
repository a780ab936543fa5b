/** Query values and their execution over a table: engine filter, engine order and slice, and distinct results. */
package io.jazmin.spring.data.core.query;
