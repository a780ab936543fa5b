/** Spring Boot auto-configuration of JAZMIN files, template and repositories, bound from jazmin.* properties. */
package io.jazmin.spring.boot.autoconfigure;
