/** Health indicators of configured JAZMIN files and their auto-configuration (only with Spring Boot's health support). */
package io.jazmin.spring.boot.health;
