/**
 * The {@link io.jazmin.spring.boot.test.autoconfigure.DataJazminTest} slice: JAZMIN repositories on
 * temporary files.
 */
package io.jazmin.spring.boot.test.autoconfigure;
