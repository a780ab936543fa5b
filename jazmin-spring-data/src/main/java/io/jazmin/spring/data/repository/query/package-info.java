/** Derived queries: method names parsed into engine filters, validated at startup, run in the shape the method returns. */
package io.jazmin.spring.data.repository.query;
