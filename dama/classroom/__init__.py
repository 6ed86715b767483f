"""The class: the teacher's page of every child's stars, reports and worksheets."""
