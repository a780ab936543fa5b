package io.jazmin.spring.boot.autoconfigure.oracle;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Scan root of the oracle tests: only the repositories of this package are found. */
@SpringBootApplication
public class OracleTestApplication {
}
