package io.jazmin.spring.boot.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Adds the {@link DataJazminTest#properties()} of a test to its environment. */
class DataJazminTestContextBootstrapper extends TestSliceTestContextBootstrapper<DataJazminTest> {
}
