package io.jazmin.spring.boot.autoconfigure.repository;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Scan root of the repository tests: repositories here are found by auto-configuration. */
@SpringBootApplication
public class RepositoryTestApplication {
}
